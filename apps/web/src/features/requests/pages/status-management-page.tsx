import { RequestsView } from '../components/requests-view';
import '../messages/register';

/** Request management: status change requests, filed by requesters and decided by staff. */
export default function StatusManagementPage() {
  return <RequestsView />;
}
