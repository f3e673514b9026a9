import type { UserInfo } from '@ads/contracts';
import { useSyncExternalStore } from 'react';

// The session: token and user info in sessionStorage, the user info obfuscated so that it
// is not readable as plain JSON at a glance. This is obfuscation, not security: the server is the
// authority on every call.
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';
export const SIGN_OUT_NOTICE_KEY = 'signOutNotice';
const OBFUSCATION_KEY = 'ads-console:session';

/** Why the server ended the session (its 401 message), for the login page to show once. */
export interface SignOutNotice {
  message?: string;
}

export interface Session {
  token: string;
  userInfo: UserInfo;
}

const xor = (bytes: Uint8Array): Uint8Array => {
  const key = new TextEncoder().encode(OBFUSCATION_KEY);
  return bytes.map((byte, index) => byte ^ key[index % key.length]!);
};

export function obfuscate(value: unknown): string {
  const bytes = xor(new TextEncoder().encode(JSON.stringify(value)));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function deobfuscate<T>(encoded: string): T {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(xor(bytes))) as T;
}

const isUserInfo = (value: unknown): value is UserInfo => {
  const info = value as Partial<UserInfo> | null;
  return (
    !!info &&
    Array.isArray(info.roles) &&
    Array.isArray(info.menus) &&
    Array.isArray(info.powers) &&
    typeof info.userBasicInfo === 'object' &&
    info.userBasicInfo !== null
  );
};

function readStoredSession(): Session | null {
  try {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const stored = sessionStorage.getItem(USER_INFO_KEY);
    if (!token || !stored) return null;
    const userInfo = deobfuscate<unknown>(stored);
    return isUserInfo(userInfo) ? { token, userInfo } : null;
  } catch {
    // Tampered or unreadable storage counts as signed out.
    return null;
  }
}

let current: Session | null | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getSession(): Session | null {
  if (current === undefined) current = readStoredSession();
  return current;
}

export const getToken = (): string | null => getSession()?.token ?? null;
export const getUserInfo = (): UserInfo | null => getSession()?.userInfo ?? null;

export function setSession(token: string, userInfo: UserInfo): void {
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(USER_INFO_KEY, obfuscate(userInfo));
  current = { token, userInfo };
  notify();
}

/** Updates the user info (e.g. a fresh menu delivery) and keeps the token. */
export function setUserInfo(userInfo: UserInfo): void {
  const token = getToken();
  if (token) setSession(token, userInfo);
}

/**
 * The server refused a call until the user chooses a password of their own (403
 * PASSWORD_CHANGE_REQUIRED): the route gate then sends them to the change-password page.
 */
export function markPasswordChangeRequired(): void {
  const session = getSession();
  if (!session || session.userInfo.userBasicInfo.mustChangePassword) return;
  setUserInfo({ ...session.userInfo, userBasicInfo: { ...session.userInfo.userBasicInfo, mustChangePassword: true } });
}

/**
 * Signs out locally. `notice` (a session the server ended) is kept for the login page, written
 * before listeners hear of the change, so that the page they lead to can read it.
 */
export function clearSession(notice?: SignOutNotice): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(USER_INFO_KEY);
  if (notice) sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, JSON.stringify(notice));
  else sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  current = null;
  notify();
}

/** The notice of the last sign-out by the server, if not yet shown. */
export function readSignOutNotice(): SignOutNotice | null {
  try {
    const stored = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
    const notice = stored ? (JSON.parse(stored) as unknown) : null;
    if (!notice || typeof notice !== 'object') return null;
    const message = (notice as { message?: unknown }).message;
    return typeof message === 'string' ? { message } : {};
  } catch {
    return null;
  }
}

/** Called once the login page has shown the notice: a later visit does not show it again. */
export function dismissSignOutNotice(): void {
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
}

/** Forgets the in-memory copy so that the next read comes from storage (reload, tests). */
export function reloadSession(): void {
  current = undefined;
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSession = (): Session | null => useSyncExternalStore(subscribeSession, getSession);
