import {
  STATUS_VALID_MAX,
  STATUS_VALID_MIN,
  usesQueryPayload,
  type DetailedErrorCode,
  type ErrorCode,
  type ErrorDetails,
  type HttpMethod,
} from '@ads/contracts';
import i18next from './i18n/translate';
import { takeEarlyCall } from './early-call';
import { clearSession, getToken, markPasswordChangeRequired } from './session';

// The request rules (no-cache headers, the session's bearer token, GET and PUT payloads in the
// query string) and the error catalogue (every failure is an ApiError; a 401 also signs out). Only
// zod-free parts of the contracts are imported at runtime here (this module is on the login page's
// first load).

const UNAUTHORIZED: ErrorCode = 'UNAUTHORIZED';
const PASSWORD_CHANGE_REQUIRED: ErrorCode = 'PASSWORD_CHANGE_REQUIRED';

export const CLIENT_ERROR_CODES = {
  http: 'HTTP_ERROR',
  noResponse: 'NETWORK_ERROR',
  setup: 'REQUEST_SETUP_ERROR',
} as const;

/** A failed call's error: code, message, detail; HTTP errors add statusCode, statusText, data. */
export class ApiError extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  readonly statusCode: number | undefined;
  readonly statusText: string | undefined;
  readonly data: unknown;

  constructor(init: {
    code: string;
    message: string;
    detail?: string;
    statusCode?: number;
    statusText?: string;
    data?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.detail = init.detail;
    this.statusCode = init.statusCode;
    this.statusText = init.statusText;
    this.data = init.data;
  }

  /** The server's `fields` map of a validation failure, if any. */
  get fields(): Record<string, string> | undefined {
    const fields = (this.data as { fields?: unknown } | undefined)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The details a failure of this code carries (declared once in contracts' ERROR_DETAILS), or
 * undefined when the error is anything else: `errorDetails(cause, 'IMAGE_DUPLICATE')?.existing`.
 */
export const errorDetails = <C extends DetailedErrorCode>(error: unknown, code: C): Partial<ErrorDetails<C>> | undefined =>
  isApiError(error) && error.code === code && error.data && typeof error.data === 'object'
    ? (error.data as Partial<ErrorDetails<C>>)
    : undefined;

/** Where the API lives; empty means the page's own origin (the server serves both). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

type UnauthorizedHandler = () => void;
// The app registers navigation to login here; shared code must not import the router.
let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.hash = '#/user/login';
};
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * On a 401: clear token and user info and go to login, where the server's message (why
 * the session ended) is shown. Also for calls made outside `request` (uploads over XMLHttpRequest).
 */
export function signOutUnauthorized(serverMessage?: string): void {
  clearSession({ message: serverMessage });
  unauthorizedHandler();
}

const isValidStatus = (status: number) => status >= STATUS_VALID_MIN && status <= STATUS_VALID_MAX;

function appendQuery(url: URL, payload: unknown): void {
  if (payload === undefined || payload === null) return;
  if (typeof payload !== 'object') throw new TypeError('A query payload must be an object');
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      const text =
        item instanceof Date
          ? item.toISOString()
          : typeof item === 'object'
            ? JSON.stringify(item)
            : String(item);
      url.searchParams.append(key, text);
    }
  }
}

function buildRequest(method: HttpMethod, path: string, payload: unknown): { url: string; init: RequestInit } {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, cache: 'no-store' };
  if (usesQueryPayload(method)) {
    appendQuery(url, payload);
  } else {
    const body = JSON.stringify(payload ?? {});
    if (body === undefined) throw new TypeError('The payload cannot be serialised');
    headers['Content-Type'] = 'application/json';
    init.body = body;
  }
  // Same-origin calls keep a relative URL (as the address bar shows it); others stay absolute.
  const href = url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
  return { url: href, init };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const errorBodyOf = (data: unknown): { errorCode: string; error: string } | null => {
  const body = data as { errorCode?: unknown; error?: unknown } | null | undefined;
  return body && typeof body.errorCode === 'string' && typeof body.error === 'string'
    ? { errorCode: body.errorCode, error: body.error }
    : null;
};

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * A call its caller stopped (a refetch replacing it, a page left) stays an abort, whether it was
 * stopped before the answer came or while its body was read: callers ignore aborts, not failures.
 */
function throwIfStopped(cause: unknown, signal: AbortSignal | undefined): void {
  if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
  if (signal?.aborted) throw new DOMException('The call was stopped', 'AbortError');
}

/** Low-level call by method and path; calls go by key through `callEndpoint` (shared/data/call-endpoint.ts). */
export async function request<T>(
  method: HttpMethod,
  path: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<T> {
  let prepared: { url: string; init: RequestInit };
  try {
    prepared = buildRequest(method, path, payload);
  } catch (cause) {
    throw new ApiError({
      code: CLIENT_ERROR_CODES.setup,
      message: i18next.t('api.setupFailed', { url: path }),
      detail: cause instanceof Error ? cause.message : String(cause),
    });
  }
  const { url, init } = prepared;

  let response: Response;
  try {
    response = await ((method === 'GET' && takeEarlyCall(url, getToken())) || fetch(url, { ...init, signal: options.signal }));
  } catch (cause) {
    throwIfStopped(cause, options.signal);
    throw new ApiError({
      code: CLIENT_ERROR_CODES.noResponse,
      message: i18next.t('api.noResponse', { url }),
      detail: cause instanceof Error ? cause.message : String(cause),
    });
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (cause) {
    throwIfStopped(cause, options.signal);
    // The connection dropped while the body was read.
    throw new ApiError({
      code: CLIENT_ERROR_CODES.noResponse,
      message: i18next.t('api.noResponse', { url }),
      detail: cause instanceof Error ? cause.message : String(cause),
    });
  }

  if (isValidStatus(response.status)) return data as T;

  const body = errorBodyOf(data);
  const error = new ApiError({
    code: body?.errorCode ?? (response.status === 401 ? UNAUTHORIZED : CLIENT_ERROR_CODES.http),
    message: i18next.t('api.httpFailed', { url }),
    detail: body?.error ?? response.statusText,
    statusCode: response.status,
    statusText: response.statusText,
    data,
  });
  if (response.status === 401) signOutUnauthorized(body?.error);
  // A one-time password still in use: the route gate sends the user to choose their own.
  if (response.status === 403 && body?.errorCode === PASSWORD_CHANGE_REQUIRED) markPasswordChangeRequired();
  throw error;
}
