import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function ImageGalleryPage() {
  return <NotBuiltPage route="assetLibrary/imageGallery" />;
}
