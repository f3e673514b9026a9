import { ErrorResultPage } from '../components/error-result-page';

export default function NotFoundPage() {
  return <ErrorResultPage status="404" />;
}
