import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function PlacementValidationPage() {
  return <NotBuiltPage route="adPlacementManagement/validation" />;
}
