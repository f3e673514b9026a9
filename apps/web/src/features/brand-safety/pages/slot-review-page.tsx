import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function SlotReviewPage() {
  return <NotBuiltPage route="advAdSlotManagement/review" />;
}
