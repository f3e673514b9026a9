import { ReviewView } from '../components/review-view';
import '../messages/register';

/** Content Review (staff): each video of the pending publication requests, approved or rejected with a policy reason. */
export default function ContentReviewPage() {
  return <ReviewView />;
}
