import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function PlatformInsightsPage() {
  return <NotBuiltPage route="dataInsights" />;
}
