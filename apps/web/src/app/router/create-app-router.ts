import { createHashRouter } from '../../shared/router/router';
import { setUnauthorizedHandler } from '../../shared/api-client';
import { getSession } from '../../shared/session';
import { restorePersistedRoute } from './persisted-route';
import { endFirstLoad, routes } from './routes';

export function createAppRouter() {
  restorePersistedRoute(getSession() !== null);
  const router = createHashRouter(routes);
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    endFirstLoad();
    stop();
  });
  // A 401 has already cleared the session; take the user to login.
  setUnauthorizedHandler(() => void router.navigate('/user/login', { replace: true }));
  return router;
}
