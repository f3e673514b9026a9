import type { UserInfo } from '@ads/contracts';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getSession, setSession } from '../../shared/session';
import { quietConsole } from '../../test/quiet-console';
import { useMenuDelivery } from './use-menu-delivery';

const stored: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: [],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'A', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};
const delivered: UserInfo = {
  ...stored,
  menus: [{ id: 105, parent: null, url: 'campaign/list', title: 'Campaign List', icon: 'campaign', sorts: 1 }],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setSession('tok-7', stored);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('useMenuDelivery', () => {
  it('replaces the stored menus with the ones the server delivers, keeping the token', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(delivered), { status: 200 }));
    renderHook(() => useMenuDelivery(true));
    await waitFor(() => expect(getSession()?.userInfo.menus).toEqual(delivered.menus));
    expect(getSession()?.token).toBe('tok-7');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/User/Info');
    expect(init.method).toBe('GET');
  });

  it('signs out when the server says the session is over', async () => {
    // The hook logs the failed call; here the failure is the point.
    const restoreConsole = quietConsole('warn', 'menu delivery failed');
    onTestFinished(restoreConsole);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ errorCode: 'UNAUTHORIZED', error: 'Your session has ended.' }), { status: 401 }),
    );
    renderHook(() => useMenuDelivery(true));
    await waitFor(() => expect(getSession()).toBeNull());
  });

  it('asks nothing when signed out', () => {
    renderHook(() => useMenuDelivery(false));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
