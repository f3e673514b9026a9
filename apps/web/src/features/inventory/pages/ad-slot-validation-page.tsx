import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function AdSlotValidationPage() {
  return <NotBuiltPage route="adSlotManagement/validation" />;
}
