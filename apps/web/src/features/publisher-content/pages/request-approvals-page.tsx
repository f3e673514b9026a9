import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function RequestApprovalsPage() {
  return <NotBuiltPage route="publisherContent/requestApprovals" />;
}
