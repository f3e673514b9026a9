import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function RecycleBinPage() {
  return <NotBuiltPage route="assetLibrary/recycleBin" />;
}
