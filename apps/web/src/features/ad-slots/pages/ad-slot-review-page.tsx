import { useSession } from '../../../shared/session';
import { useCanReviewSlots } from '../api';
import { PublisherSlots } from '../components/publisher-slots';
import { StaffSlots } from '../components/staff-slots';
import '../../../shared/ui/library-layout.css';
import '../../../shared/list/list-card.css';
import '../../../shared/list/list-kit.css';
import '../components/ad-slots.css';
import '../messages/register';

/**
 * Ad Slot Review: one route, two users. Publishers create, edit and submit their own slots; staff
 * (internal accounts, who review) see every publisher's, the review queue first.
 */
export default function AdSlotReviewPage() {
  const canReview = useCanReviewSlots();
  const internal = useSession()?.userInfo.userBasicInfo.accountKind === 'internal';
  return canReview || internal ? <StaffSlots /> : <PublisherSlots />;
}
