import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function StatusManagementPage() {
  return <NotBuiltPage route="requestManagement/statusManagement" />;
}
