import type { Power, UserInfo } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from '../shared/router/router';
import { setSession } from '../shared/session';
import { Toaster } from '../shared/ui/toaster';
import { AntdScope } from '../shared/ui/antd-scope';

// The one way component tests put pages on screen: signed in with the given powers, a fresh
// query cache, the pages in a memory router, antd without motion and the toaster.

export interface RenderPagesOptions {
  routes: RouteObject[];
  /** Where the router starts. */
  path: string;
  powers?: readonly Power[];
  /** The signed-in user; an advertiser of account 1 unless told. */
  user?: { role?: string; token?: string } & Partial<UserInfo['userBasicInfo']>;
}

export function renderPages({ routes, path, powers = [], user = {} }: RenderPagesOptions) {
  const { role = 'Advertiser', token = 'tok-test', ...basicInfo } = user;
  setSession(token, {
    roles: [{ name: role }],
    menus: [],
    powers: powers.map((code) => ({ code })),
    userBasicInfo: { email: 'advertiser@demo.test', name: 'Avery', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser', ...basicInfo },
  });
  // No retries (a failure shows at once), no refetch when the window gets focus.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    // No motion: popups and modals open and close at once.
    <AntdScope motion={false}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <Toaster />
    </AntdScope>,
  );
  return { router, queryClient };
}

/** The query string the router shows, as an object. */
export const searchOf = (router: ReturnType<typeof renderPages>['router']) => Object.fromEntries(new URLSearchParams(router.state.location.search));
