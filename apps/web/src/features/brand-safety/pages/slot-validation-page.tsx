import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function SlotValidationPage() {
  return <NotBuiltPage route="advAdSlotManagement/validation" />;
}
