import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function PlacementReviewPage() {
  return <NotBuiltPage route="adPlacementManagement/review" />;
}
