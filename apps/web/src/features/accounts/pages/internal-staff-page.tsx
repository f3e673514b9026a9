import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function InternalStaffPage() {
  return <NotBuiltPage route="accountManagement/msInternal" />;
}
