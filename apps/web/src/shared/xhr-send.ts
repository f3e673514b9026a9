import { STATUS_VALID_MAX, STATUS_VALID_MIN } from '@ads/contracts';
import i18next from './i18n/translate';
import { ApiError, CLIENT_ERROR_CODES, signOutUnauthorized } from './api-client';
import { getToken } from './session';

// Uploads (an image, a video chunk, a poster) over XMLHttpRequest, the one browser API that reports
// upload progress, with the session's token. Failures come out as the ApiError the API client throws, so
// the UI reads them the same way.

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export interface SendOptions {
  method: 'PUT' | 'POST';
  path: string;
  query: Record<string, string | number | undefined>;
  body: Blob | FormData;
  contentType?: string;
  /** Bytes of the body sent so far, of `total` (a multipart body is larger than its file). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

const parse = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export function sendWithProgress<T>({ method, path, query, body, contentType, onProgress, signal }: SendOptions): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const href = url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, href);
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const noResponse = (detail: string) =>
      reject(new ApiError({ code: CLIENT_ERROR_CODES.noResponse, message: i18next.t('api.noResponse', { url: href }), detail }));
    xhr.onerror = () => noResponse('The connection failed');
    xhr.ontimeout = () => noResponse('The request timed out');
    xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= STATUS_VALID_MIN && xhr.status <= STATUS_VALID_MAX) {
        resolve(data as T);
        return;
      }
      const errorBody = data as { errorCode?: unknown; error?: unknown } | undefined;
      const code =
        typeof errorBody?.errorCode === 'string' ? errorBody.errorCode : xhr.status === 401 ? 'UNAUTHORIZED' : CLIENT_ERROR_CODES.http;
      const error = new ApiError({
        code,
        message: i18next.t('api.httpFailed', { url: href }),
        detail: typeof errorBody?.error === 'string' ? errorBody.error : xhr.statusText,
        statusCode: xhr.status,
        statusText: xhr.statusText,
        data,
      });
      // As the API client does: a dead session ends here, and the route gate takes the user to sign in.
      if (xhr.status === 401) signOutUnauthorized();
      reject(error);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
