import { AccountsView } from '../components/accounts-view';
import '../messages/register';

/** Account management: internal accounts and their users (staff). */
export default function InternalStaffPage() {
  return <AccountsView kind="internal" />;
}
