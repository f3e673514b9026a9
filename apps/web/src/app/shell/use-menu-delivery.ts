import type { EndpointResponse, userInfo } from '@ads/contracts';
import { useEffect } from 'react';
import { request } from '../../shared/api-client';
import { setUserInfo } from '../../shared/session';

// The path of the `userInfo` contract. The contract module itself carries zod schemas, which would
// weigh on the landing page; only its type is imported here.
const USER_INFO_PATH = '/api/User/Info';

/**
 * Once per page load the shell asks the server for the current user info (the menu delivery), so a
 * changed menu or role shows at once and a session ended elsewhere signs out (the API client
 * handles the 401).
 */
export function useMenuDelivery(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    request<EndpointResponse<typeof userInfo>>('GET', USER_INFO_PATH, {}, { signal: controller.signal })
      .then(setUserInfo)
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          console.warn('menu delivery failed', error);
        }
      });
    return () => controller.abort();
  }, [signedIn]);
}
