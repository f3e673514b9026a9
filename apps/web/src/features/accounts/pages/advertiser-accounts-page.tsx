import { AccountsView } from '../components/accounts-view';
import '../messages/register';

/** Account management: advertiser accounts and their users (staff). */
export default function AdvertiserAccountsPage() {
  return <AccountsView kind="advertiser" />;
}
