import { NotBuiltPage } from '../../../shared/ui/not-built-page';

export default function AdvertiserCampaignsPage() {
  return <NotBuiltPage route="advertiserCampaign" />;
}
