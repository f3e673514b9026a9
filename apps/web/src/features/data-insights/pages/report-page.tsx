import { useParams } from 'react-router';
import { NotBuiltPage } from '../../../shared/ui/not-built-page';

/** dataInsights/:type; the route guard has already limited type to advertiser or publisher. */
export default function ReportPage() {
  const { type } = useParams();
  return <NotBuiltPage route={`dataInsights/${type}`} />;
}
