import type { CampaignDetail } from '@ads/contracts';
import { DeliveryFunnelView } from '../components/delivery-funnel';

// Loaded with antd when the tab is first shown (the funnel's explanations are antd tooltips).

/** Why the campaign delivers or not: the drawer's eligibility funnel. */
export default function DeliveryTab({ campaign }: { campaign: CampaignDetail }) {
  return <DeliveryFunnelView campaign={campaign} />;
}
