import type { UserInfo } from '@ads/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  deobfuscate,
  dismissSignOutNotice,
  readSignOutNotice,
  getSession,
  obfuscate,
  reloadSession,
  setSession,
  subscribeSession,
  TOKEN_KEY,
  USER_INFO_KEY,
} from './session';

const info: UserInfo = {
  roles: [{ name: 'Advertiser' }],
  menus: [{ id: 101, parent: null, url: 'advertiserOverview', title: 'Overview', icon: 'overview', sorts: 10 }],
  powers: [{ code: 'campaign.read' }],
  userBasicInfo: { email: 'advertiser@demo.test', name: 'Ana — 广告主', accountId: 7, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
};

describe('session', () => {
  it('round-trips token and user info through sessionStorage across a reload', () => {
    setSession('tok-1', info);
    reloadSession(); // forget the in-memory copy, as a page reload does
    expect(getSession()).toEqual({ token: 'tok-1', userInfo: info });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-1');
  });

  it('stores the user info obfuscated, not as readable JSON', () => {
    setSession('tok-1', info);
    const stored = sessionStorage.getItem(USER_INFO_KEY)!;
    expect(stored).not.toContain('advertiser@demo.test');
    expect(stored).not.toContain('Contoso');
    expect(() => JSON.parse(stored)).toThrow();
    expect(() => JSON.parse(atob(stored))).toThrow();
    expect(deobfuscate(stored)).toEqual(info);
  });

  it('round-trips non-ASCII text', () => {
    expect(deobfuscate(obfuscate({ text: '网络错误，请重试' }))).toEqual({ text: '网络错误，请重试' });
  });

  it('clears both keys and notifies subscribers', () => {
    setSession('tok-1', info);
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('treats tampered storage as signed out', () => {
    sessionStorage.setItem(TOKEN_KEY, 'tok');
    sessionStorage.setItem(USER_INFO_KEY, 'not-base64-%%%');
    reloadSession();
    expect(getSession()).toBeNull();
  });

  it("keeps the server's reason for a sign-out until the login page dismisses it or the user signs in", () => {
    setSession('tok-1', info);
    clearSession({ message: 'Your session has ended.' });
    reloadSession();
    expect(getSession()).toBeNull();
    expect(readSignOutNotice()).toEqual({ message: 'Your session has ended.' });
    dismissSignOutNotice();
    expect(readSignOutNotice()).toBeNull();
    clearSession({ message: 'Again.' });
    setSession('tok-2', info);
    expect(readSignOutNotice()).toBeNull();
    clearSession({ message: 'Again.' });
    clearSession(); // a sign-out of the user's own
    expect(readSignOutNotice()).toBeNull();
  });
});
