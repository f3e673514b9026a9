import { AccountsView } from '../components/accounts-view';
import '../messages/register';

/** Account management: publisher accounts and their users (staff). */
export default function PublisherAccountsPage() {
  return <AccountsView kind="publisher" />;
}
