import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function PublisherOverviewPage() {
  return <NotBuiltPage route="publisherOverview" />;
}
