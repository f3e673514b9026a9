import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function CampaignCreatePage() {
  return <NotBuiltPage route="campaign/create" />;
}
