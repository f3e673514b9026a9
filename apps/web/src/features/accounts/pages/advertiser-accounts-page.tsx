import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function AdvertiserAccountsPage() {
  return <NotBuiltPage route="accountManagement/advertiser" />;
}
