import { VIDEO_CHUNK_BYTES } from '@ads/contracts';

/**
 * Where a chunked upload's bytes live in Storage until it completes: one object per chunk under
 * `video-uploads/<upload>/`, so any server of a fleet can take the next chunk or complete it.
 * Upload ids are base64url (they may begin or end with `-` or `_`, which keys may not): the folder
 * is the id's bytes in hex.
 */
export const UPLOAD_FOLDER = 'video-uploads';

const ID = /^[A-Za-z0-9_-]{20,64}$/;

/** The upload's folder, or undefined when the id cannot be one the server made. */
export const uploadFolder = (uploadId: string) =>
  ID.test(uploadId) ? `${UPLOAD_FOLDER}/${Buffer.from(uploadId, 'base64url').toString('hex')}` : undefined;

/** The upload id a stored key belongs to, or undefined when it is not under an upload's folder. */
export const uploadIdOfKey = (key: string) => {
  const m = /^video-uploads\/([0-9a-f]+)\//.exec(key);
  return m ? Buffer.from(m[1]!, 'hex').toString('base64url') : undefined;
};

/** The chunk that starts at byte `index * VIDEO_CHUNK_BYTES`. */
export const chunkKey = (folder: string, index: number) => `${folder}/${String(index).padStart(5, '0')}`;

/** A chunk being received, before the database says it won its offset (`<random>.part`). */
export const sideKey = (folder: string, nonce: string) => `${folder}/${nonce}.part`;

/** How many chunk objects an upload that has received `received` bytes may have stored. */
export const chunksFor = (received: number) => Math.ceil(received / VIDEO_CHUNK_BYTES);
