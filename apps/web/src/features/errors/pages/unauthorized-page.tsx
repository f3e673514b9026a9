import { ErrorResultPage } from '../components/error-result-page';

export default function UnauthorizedPage() {
  return <ErrorResultPage status="401" />;
}
