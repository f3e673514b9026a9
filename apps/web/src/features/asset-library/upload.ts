import { IMAGE_MAX_BYTES, STATUS_VALID_MAX, STATUS_VALID_MIN, type Image } from '@ads/contracts';
import i18next from 'i18next';
import { ApiError, CLIENT_ERROR_CODES, signOutUnauthorized } from '../../shared/api-client';
import { getToken } from '../../shared/session';

// Multipart uploads go through XMLHttpRequest, the one browser API that reports upload progress.
// Errors come out as the ApiError that callApi throws, so that the UI reads them the same way.

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** The client's first check; the server judges the bytes and has the last word. */
export function precheckFile(file: File): 'IMAGE_TYPE_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | null {
  const typeOk = file.type ? (ACCEPTED_TYPES as readonly string[]).includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return 'IMAGE_TYPE_NOT_ALLOWED';
  if (file.size > IMAGE_MAX_BYTES) return 'PAYLOAD_TOO_LARGE';
  return null;
}

export interface UploadOptions {
  /** 0…1 of the request body sent. */
  onProgress?: (fraction: number) => void;
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

/** POSTs one file as multipart/form-data (part "file") to `path` with the query; answers the image. */
export function uploadFile(path: string, query: Record<string, string | number | undefined>, file: File, options: UploadOptions = {}): Promise<Image> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const href = url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;

  return new Promise<Image>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', href);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const noResponse = (detail: string) =>
      reject(new ApiError({ code: CLIENT_ERROR_CODES.noResponse, message: i18next.t('api.noResponse', { url: href }), detail }));
    xhr.onerror = () => noResponse('The connection failed');
    xhr.ontimeout = () => noResponse('The request timed out');
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= STATUS_VALID_MIN && xhr.status <= STATUS_VALID_MAX) {
        options.onProgress?.(1);
        resolve(data as Image);
        return;
      }
      const body = data as { errorCode?: unknown; error?: unknown } | undefined;
      const code = typeof body?.errorCode === 'string' ? body.errorCode : xhr.status === 401 ? 'UNAUTHORIZED' : CLIENT_ERROR_CODES.http;
      const error = new ApiError({
        code,
        message: i18next.t('api.httpFailed', { url: href }),
        detail: typeof body?.error === 'string' ? body.error : xhr.statusText,
        statusCode: xhr.status,
        statusText: xhr.statusText,
        data,
      });
      // As callApi does: a dead session ends here, and the route gate takes the user to sign in.
      if (xhr.status === 401) signOutUnauthorized();
      reject(error);
    };
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
