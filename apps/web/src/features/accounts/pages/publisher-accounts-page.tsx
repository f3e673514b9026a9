import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function PublisherAccountsPage() {
  return <NotBuiltPage route="accountManagement/publisher" />;
}
