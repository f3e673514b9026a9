import { Navigate, Outlet, useLocation } from '../../shared/router/router';
import { useSession } from '../../shared/session';
import { decideRoute } from './decide-route';
import { useDocumentTitle } from './document-title';

/** Applies decideRoute to every location; re-evaluates when the session changes (logout, 401). */
export function RouteGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const decision = decideRoute(pathname, session?.userInfo ?? null);
  useDocumentTitle(decision.kind === 'allow' ? pathname : null, session?.userInfo.menus ?? []);
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <Outlet />;
}
