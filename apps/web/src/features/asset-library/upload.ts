import { IMAGE_MAX_BYTES, type Image } from '@ads/contracts';
import { sendWithProgress } from '../../shared/xhr-send';

// Image uploads: the client's first check of a file, then a multipart POST with progress.

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

/** POSTs one file as multipart/form-data (part "file") to `path` with the query; answers the image. */
export async function uploadFile(path: string, query: Record<string, string | number | undefined>, file: File, options: UploadOptions = {}): Promise<Image> {
  const form = new FormData();
  form.append('file', file, file.name);
  const image = await sendWithProgress<Image>({
    method: 'POST',
    path,
    query,
    body: form,
    signal: options.signal,
    onProgress: (loaded, total) => {
      if (total > 0) options.onProgress?.(loaded / total);
    },
  });
  options.onProgress?.(1);
  return image;
}
