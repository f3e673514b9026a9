import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function AdvertiserOverviewPage() {
  return <NotBuiltPage route="advertiserOverview" />;
}
