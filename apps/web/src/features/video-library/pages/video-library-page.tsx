import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function VideoLibraryPage() {
  return <NotBuiltPage route="videoLibrary" />;
}
