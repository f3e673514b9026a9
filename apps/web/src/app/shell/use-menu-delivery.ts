import { useEffect } from 'react';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { setUserInfo } from '../../shared/session';

/**
 * Once per page load the shell asks the server for the current user info (the menu delivery), so a
 * changed menu or role shows at once and a session ended elsewhere signs out (the API client
 * handles the 401).
 */
export function useMenuDelivery(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    callEndpoint('identity.userInfo', {}, { signal: controller.signal })
      .then(setUserInfo)
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          console.warn('menu delivery failed', error);
        }
      });
    return () => controller.abort();
  }, [signedIn]);
}
