import { RequestsView } from '../components/requests-view';
import '../messages/register';

/** Request Approvals: publication requests of series, filed by publishers and decided by staff. */
export default function RequestApprovalsPage() {
  return <RequestsView />;
}
