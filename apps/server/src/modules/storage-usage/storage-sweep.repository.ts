import { inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { images } from '../../db/schema/assets';
import { videos, videoUploads as uploads } from '../../db/schema/videos';


/** Those of `keys` that an image or a video (bin included) refers to: file, thumbnail or poster. */
export const referencedKeys = async (tx: DbOrTx, keys: string[]): Promise<Set<string>> => {
  if (!keys.length) return new Set();
  const imageRows = await tx
    .select({ a: images.storageKey, b: images.thumbnailKey })
    .from(images)
    .where(or(inArray(images.storageKey, keys), inArray(images.thumbnailKey, keys)));
  const videoRows = await tx
    .select({ a: videos.storageKey, b: videos.posterKey })
    .from(videos)
    .where(or(inArray(videos.storageKey, keys), inArray(videos.posterKey, keys)));
  return new Set([...imageRows, ...videoRows].flatMap((r) => [r.a, r.b]).filter((k): k is string => k !== null));
};

/** Every chunked upload's id, expired or not (expired ones are the videos module's to clean). */
export const uploadIds = async (tx: DbOrTx) => new Set((await tx.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
