import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function ContentReviewPage() {
  return <NotBuiltPage route="publisherContent/contentReview" />;
}
