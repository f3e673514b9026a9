import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function CampaignListPage() {
  return <NotBuiltPage route="campaign/list" />;
}
