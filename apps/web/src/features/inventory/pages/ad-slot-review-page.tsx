import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function AdSlotReviewPage() {
  return <NotBuiltPage route="adSlotManagement/review" />;
}
