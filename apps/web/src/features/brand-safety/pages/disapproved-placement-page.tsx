import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function DisapprovedPlacementPage() {
  return <NotBuiltPage route="advAdSlotManagement/disapprovedPlacement" />;
}
