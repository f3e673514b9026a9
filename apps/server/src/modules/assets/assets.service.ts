import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ERROR_CODES,
  IMAGE_FILE_PATH,
  IMAGE_MAX_BYTES,
  IMAGE_NAME_MAX,
  NOTIFICATION_TYPES,
  type createFolder as createFolderContract,
  type deleteImages as deleteImagesContract,
  type EndpointInput,
  type Folder,
  type Image,
  type ImageDetail,
  type ImageFormat,
  type ImageListItem,
  type ImageRejection,
  type ImageReview,
  type ImageReviewStatus,
  type imageList,
  type ImageUse,
  type moveFolder as moveFolderContract,
  type moveImages as moveImagesContract,
  type RejectedImage,
  type rejectedImageList,
  type renameFolder as renameFolderContract,
  type renameImage as renameImageContract,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { ownScope, requireOwned, scopeFor, systemScope } from '../../kit/access';
import { uploadName, nameTaken, writeUnderFreeName } from '../../kit/names';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { refuseClash } from '../../kit/sql';
import { atVersion, stale } from '../../kit/versions';
import type { Caller } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import type { Storage } from '../../storage/storage';
import type { QuotaReserver } from '../storage-usage/storage-quota.service';
import { inspectImage, MIME_OF } from './image-processing';
import * as folderRepo from './folders.repository';
import * as imageRepo from './images.repository';
import { actionSubject, type NotificationsService } from '../notifications/notifications.service';
import { tellStoppedAds } from '../placements/stopped-ads';

/** Images as an access kind, for other modules' `requireOwned` (campaigns: an ad's image). */
export const imageKind = imageRepo.imageKind;

/** The advertiser's Image Gallery (identity catalogue), where rejected images are listed. */
const IMAGE_GALLERY_MENU_ID = 107;

/**
 * Reports the draft or live ads showing each image (the campaigns module provides it); deleting an
 * image in use needs the caller's confirmation.
 */
export type ImageUsage = (t: DbOrTx, imageIds: number[]) => Promise<Map<number, ImageUse[]>>;

export interface AssetsDeps {
  db: Db;
  storage: Storage;
  links: LinkSigner;
  /** The account's storage quota, decided in the transaction that records the image. */
  quota: QuotaReserver;
  /** Tells an account that a review rejected one of its images, or that a deletion stopped live ads. */
  notifications: Pick<NotificationsService, 'notify' | 'resolve'>;
  /** Which ads show which images (a port: createServices passes today's provider). */
  imageUsage: ImageUsage;
  now?: () => Date;
  /** Where uploads are spooled while they are checked; the OS temp directory by default. */
  tmpDir?: string;
}


const folderNotFound = () => notFound('The folder');
const imageNotFound = () => notFound('The image');
const IMAGE_NAME_INDEX = 'images_folder_name_unique';
const folderNameTaken = () =>
  new AppError(409, ERROR_CODES.nameTaken, 'A folder with this name already exists here.', {
    fields: { name: 'A folder with this name already exists here' },
  });

const imageNameTaken = (name?: string) =>
  new AppError(
    409,
    ERROR_CODES.nameTaken,
    name ? `An image named "${name}" already exists in that folder.` : 'An image with this name already exists here.',
    { fields: { name: 'An image with this name already exists here' } },
  );


const iso = (d: Date) => d.toISOString();

const toFolder = (r: folderRepo.FolderRow): Folder => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  version: r.version,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const imageFields = (r: imageRepo.ImageRow) => ({
  id: r.id,
  accountId: r.accountId,
  folderId: r.folderId,
  name: r.name,
  format: r.format as ImageFormat,
  mime: r.mime,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  sha256: r.sha256,
  reviewStatus: r.reviewStatus as ImageReviewStatus,
  version: r.version,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export type ImageVariant = 'original' | 'thumbnail';
export const imageLinkResource = (id: number, variant: ImageVariant) => `image:${id}:${variant}`;

/** A signed link to an image's bytes (see storage/signed-links.ts). */
export const imageLink = (links: LinkSigner, id: number, variant: ImageVariant, at: Date, download = false) => {
  const { exp, sig } = links.sign(imageLinkResource(id, variant), at);
  return `${IMAGE_FILE_PATH}?id=${id}&variant=${variant}${download ? '&download=1' : ''}&exp=${exp}&sig=${sig}`;
};

const toReview = (r: imageRepo.ReviewRow): ImageReview => ({
  id: r.id,
  decision: r.decision as ImageReview['decision'],
  reason: r.reason,
  reviewer: r.reviewerId === null ? null : { id: r.reviewerId, name: r.reviewerName ?? '' },
  campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' },
  at: iso(r.createdAt),
  resolvedAt: r.resolvedAt ? iso(r.resolvedAt) : null,
});

/** The user's file name without any path, control characters or surrounding blanks. */
export const cleanFileName = (raw: string | undefined, format: ImageFormat): string =>
  uploadName(raw, IMAGE_NAME_MAX, `image.${format === 'jpeg' ? 'jpg' : format}`);

/** Counts bytes through, failing with 413 past the limit (the upload is never buffered whole). */
const limiter = (max: number, hash: ReturnType<typeof createHash>, head: Buffer[]) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) {
        done(new AppError(413, ERROR_CODES.payloadTooLarge, `The file is too large: at most ${max / 1024 / 1024} MB.`));
        return;
      }
      if (Buffer.concat(head).length < 16) head.push(chunk.subarray(0, 16));
      hash.update(chunk);
      done(null, chunk);
    },
  });
};

export const createAssetsService = ({
  db,
  storage,
  links,
  quota,
  notifications,
  imageUsage: usage,
  now = () => new Date(),
  tmpDir = os.tmpdir(),
}: AssetsDeps) => {
  const toImage = (r: imageRepo.ImageRow): Image => {
    const at = now();
    return {
      ...imageFields(r),
      thumbnailUrl: imageLink(links, r.id, 'thumbnail', at),
      url: imageLink(links, r.id, 'original', at),
      downloadUrl: imageLink(links, r.id, 'original', at, true),
    };
  };

  // Staff read every account's images (campaign review); everyone else, and every write, only the
  // caller's own account's (scopeFor / ownScope in kit/access.ts).

  const liveFolderOrNull = async (t: DbOrTx, p: Caller, folderId: number | null | undefined) => {
    if (folderId === null || folderId === undefined) return null;
    await requireOwned(t, folderRepo.folderKind, [folderId], ownScope(p));
    return folderId;
  };

  const assertNameFree = async (t: DbOrTx, p: Caller, parentId: number | null, name: string, exceptId?: number) => {
    if (nameTaken(name, await folderRepo.siblingFolderNames(t, ownScope(p), parentId, exceptId))) throw folderNameTaken();
  };

  const guardUnique = <T>(run: () => Promise<T>) => refuseClash(run, folderNameTaken);

  // ---- Folders ---------------------------------------------------------------------------

  const folderTree = async (p: Caller) => ({ items: (await folderRepo.listLiveFolders(db, ownScope(p))).map(toFolder) });

  const createFolder = async (p: Caller, input: EndpointInput<typeof createFolderContract>) => {
    const parentId = await liveFolderOrNull(db, p, input.parentId);
    await assertNameFree(db, p, parentId, input.name);
    const at = now();
    const row = await guardUnique(() =>
      folderRepo.insertFolder(db, { accountId: p.accountId, parentId, name: input.name, createdBy: p.userId, createdAt: at, updatedAt: at }),
    );
    return toFolder(row);
  };

  const ownFolderAt = async (p: Caller, id: number, version: number) => {
    const folder = await folderRepo.findFolder(db, id, ownScope(p));
    if (!folder) throw folderNotFound();
    return atVersion(folder, version, 'The folder');
  };

  const renameFolder = async (p: Caller, input: EndpointInput<typeof renameFolderContract>) => {
    const folder = await ownFolderAt(p, input.id, input.version);
    await assertNameFree(db, p, folder.parentId, input.name, folder.id);
    const row = await guardUnique(() =>
      folderRepo.updateFolder(db, ownScope(p), folder.id, input.version, { name: input.name, updatedAt: now() }),
    );
    if (!row) throw stale('The folder');
    return toFolder(row);
  };

  const moveFolder = async (p: Caller, input: EndpointInput<typeof moveFolderContract>) => {
    const folder = await ownFolderAt(p, input.id, input.version);
    const parentId = await liveFolderOrNull(db, p, input.parentId);
    if (parentId !== null && (await folderRepo.ancestorIds(db, parentId)).includes(folder.id)) {
      throw new AppError(
        409,
        ERROR_CODES.folderMoveInvalid,
        parentId === folder.id ? 'A folder cannot be moved into itself.' : 'A folder cannot be moved into one of its own subfolders.',
        { fields: { parentId: 'Choose a folder outside the one being moved' } },
      );
    }
    await assertNameFree(db, p, parentId, folder.name, folder.id);
    const row = await guardUnique(() =>
      folderRepo.updateFolder(db, ownScope(p), folder.id, input.version, { parentId, updatedAt: now() }),
    );
    if (!row) throw stale('The folder');
    return toFolder(row);
  };

  /** The folder, its live subfolders and all their images go to the bin as one item; live ads showing them stop (their owners are told). */
  const deleteFolder = async (p: Caller, id: number) => {
    const folder = await folderRepo.findFolder(db, id, ownScope(p));
    if (!folder) throw folderNotFound();
    const deletion = { at: now(), by: p.userId };
    return db.transaction(async (tx) => {
      const descendants = await folderRepo.liveDescendantIds(tx, ownScope(p), folder.id);
      const root = await folderRepo.markFoldersDeleted(tx, [folder.id], deletion, null);
      if (!root) throw folderNotFound();
      const subfolders = await folderRepo.markFoldersDeleted(tx, descendants, deletion, folder.id);
      const images = await imageRepo.markImagesInFoldersDeleted(tx, [folder.id, ...descendants], deletion, folder.id);
      await tellStoppedAds(tx, notifications, { kind: 'image', folderId: folder.id, at: deletion.at }, deletion.at);
      return { ok: true as const, folders: root + subfolders, images };
    });
  };

  // ---- Images ----------------------------------------------------------------------------

  const listImages = async (p: Caller, q: EndpointInput<typeof imageList>) => {
    const { items, total } = await imageRepo.listImages(db, {
      scope: scopeFor(p, 'asset.read', { accountId: q.accountId }),
      search: q.search || undefined,
      folderId: q.folderId,
      root: q.root,
      format: q.format,
      minBytes: q.minBytes,
      maxBytes: q.maxBytes,
      reviewStatus: q.reviewStatus,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    const rejections = await standingRejections(items.filter((r) => r.reviewStatus === 'rejected').map((r) => r.id));
    return pageAnswer(items.map((r): ImageListItem => ({ ...toImage(r), rejection: rejections.get(r.id) ?? null })), total, q);
  };

  /**
   * Why each rejected image of `imageIds` stands rejected (see imageRejectionSchema); images not
   * rejected are absent. The caller has decided it may see them (its list, staff's campaign review).
   */
  const standingRejections = async (imageIds: number[], t: DbOrTx = db): Promise<Map<number, ImageRejection>> => {
    const rows = await imageRepo.standingRejections(t, imageIds);
    return new Map(
      rows.map((r) => [
        r.imageId,
        { reason: r.reason, at: iso(r.at), campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' } },
      ]),
    );
  };

  const readableImage = async (p: Caller, id: number, live = true) => {
    const row = await imageRepo.findImage(db, id, scopeFor(p, 'asset.read'), live);
    if (!row) throw imageNotFound();
    return row;
  };

  /** One image with where it lives, who uploaded it, its review history and its uses; bin items too. */
  const imageDetail = async (p: Caller, id: number): Promise<ImageDetail> => {
    const row = await readableImage(p, id, false);
    const [context, reviews, uses, replacements] = await Promise.all([
      imageRepo.imageContext(db, row),
      imageRepo.reviewsOf(db, row.id),
      usage(db, [row.id]),
      imageRepo.replacementsOf(db, row.id),
    ]);
    return {
      ...toImage(row),
      folderName: context.folderName,
      uploadedBy: row.createdBy === null ? null : { id: row.createdBy, name: context.uploaderName ?? '' },
      inRecycleBin: row.deletedAt !== null,
      reviews: reviews.map(toReview),
      replacements: replacements.map((r) => ({
        id: r.id,
        name: r.previousName,
        width: r.previousWidth,
        height: r.previousHeight,
        bytes: r.previousBytes,
        uploadedAt: iso(r.previousUploadedAt),
        replacedAt: iso(r.replacedAt),
        replacedBy: r.replacedBy === null ? null : { id: r.replacedBy, name: r.replacedByName ?? '' },
      })),
      usedBy: uses.get(row.id) ?? [],
    };
  };

  const duplicateOf = (existing: imageRepo.ImageRow) =>
    new AppError(409, ERROR_CODES.imageDuplicate, `This image is already in your library as "${existing.name}".`, {
      details: { existing: { id: existing.id, name: existing.name, folderId: existing.folderId, inRecycleBin: existing.deletedAt !== null } },
    });

  /**
   * Spools an upload to a temporary file (hashing it and stopping at IMAGE_MAX_BYTES), judges it by
   * its bytes, makes the thumbnail and stores both under content-addressed keys; then `record` saves
   * the row. The spool is removed whatever happens.
   */
  const receive = async <T>(
    p: Caller,
    stream: Readable,
    record: (file: { sha256: string; bytes: number; format: ImageFormat; mime: string; width: number; height: number; storageKey: string; thumbnailKey: string }) => Promise<T>,
    /** Judges the decoded image before anything is stored (throw to refuse it). */
    accept?: (image: { width: number; height: number }) => Promise<void>,
  ): Promise<T> => {
    const dir = await fs.promises.mkdtemp(path.join(tmpDir, 'ads-upload-'));
    try {
      const file = path.join(dir, 'upload');
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      await pipeline(stream, limiter(IMAGE_MAX_BYTES, hash, head), fs.createWriteStream(file));
      const sha256 = hash.digest('hex');
      const bytes = (await fs.promises.stat(file)).size;
      const existing = await imageRepo.findImageBySha(db, ownScope(p), sha256);
      if (existing) throw duplicateOf(existing);

      const inspected = await inspectImage(file, Buffer.concat(head));
      await accept?.(inspected);
      const mime = MIME_OF[inspected.format];
      const storageKey = `images/${sha256.slice(0, 2)}/${sha256}`;
      const thumbnailKey = `thumbnails/${sha256.slice(0, 2)}/${sha256}.webp`;
      // Content-addressed: the same bytes in another account share the file.
      await storage.put(storageKey, fs.createReadStream(file), { contentType: mime });
      await storage.put(thumbnailKey, inspected.webp, { contentType: 'image/webp' });
      try {
        return await record({ sha256, bytes, format: inspected.format, mime, width: inspected.width, height: inspected.height, storageKey, thumbnailKey });
      } catch (err) {
        // Refused for lack of space: the files just stored go unless another image holds the same bytes.
        if (err instanceof AppError && err.errorCode === ERROR_CODES.storageQuotaExceeded) await removeUnusedFiles([{ sha256, storageKey, thumbnailKey }]);
        throw err;
      }
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  };

  /** The same bytes were saved in parallel and won the race. */
  const lostRace = async (p: Caller, sha256: string) => {
    const winner = await imageRepo.findImageBySha(db, ownScope(p), sha256);
    if (winner) return duplicateOf(winner);
    return new AppError(409, ERROR_CODES.conflict, 'The image could not be saved. Please try again.');
  };

  /**
   * Inserts under the first free name of the folder ("photo (1).png" when "photo.png" is taken, as
   * restore does); the unique index decides a race with another upload or rename, and the next
   * free name is tried.
   */
  const insertUnderFreeName = (p: Caller, folderId: number | null, wanted: string, values: Omit<imageRepo.NewImage, 'name'>) =>
    writeUnderFreeName({
      wanted,
      max: IMAGE_NAME_MAX,
      keepExtension: true,
      index: IMAGE_NAME_INDEX,
      taken: () => imageRepo.imageNamesIn(db, ownScope(p), folderId),
      // Each try is its own transaction: a name clash aborts it (PostgreSQL), the quota is decided again.
      write: (name) =>
        db.transaction(async (tx) => {
          await quota.reserve(tx, p, values.bytes);
          return imageRepo.insertImage(tx, { ...values, name });
        }),
    });

  const upload = async (p: Caller, input: { fileName: string | undefined; stream: Readable; folderId?: number }) => {
    const folderId = await liveFolderOrNull(db, p, input.folderId);
    return receive(p, input.stream, async (file) => {
      const at = now();
      const row = await insertUnderFreeName(p, folderId, cleanFileName(input.fileName, file.format), {
        accountId: p.accountId,
        folderId,
        ...file,
        createdBy: p.userId,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw await lostRace(p, file.sha256);
      return toImage(row);
    });
  };

  /** Image names follow the folders' rule: unique among the live images of a folder, case-insensitive. */
  const assertImageNameFree = async (t: DbOrTx, p: Caller, folderId: number | null, name: string, exceptIds: number[]) => {
    if (nameTaken(name, await imageRepo.imageNamesIn(t, ownScope(p), folderId, exceptIds))) throw imageNameTaken();
  };

  const guardImageName = <T>(run: () => Promise<T>, name?: string) => refuseClash(run, () => imageNameTaken(name), IMAGE_NAME_INDEX);

  const renameImage = async (p: Caller, input: EndpointInput<typeof renameImageContract>) => {
    const found = await imageRepo.findImage(db, input.id, ownScope(p));
    if (!found) throw imageNotFound();
    const image = atVersion(found, input.version, 'The image');
    await assertImageNameFree(db, p, image.folderId, input.name, [image.id]);
    const row = await guardImageName(() =>
      imageRepo.updateImage(db, ownScope(p), image.id, input.version, { name: input.name, updatedAt: now() }),
    );
    if (!row) throw stale('The image');
    return toImage(row);
  };

  /** All the ids must be the caller's live images, or nothing changes (404). */
  const ownLiveImages = async (t: DbOrTx, p: Caller, ids: number[]) => {
    const unique = [...new Set(ids)];
    const rows = await imageRepo.findLiveImages(t, ownScope(p), unique);
    if (rows.length !== unique.length) throw imageNotFound();
    return rows;
  };

  /** A move that would put two images of one name in the folder is refused, as for folders. */
  const moveImages = async (p: Caller, input: EndpointInput<typeof moveImagesContract>) =>
    guardImageName(() =>
      db.transaction(async (tx) => {
        const folderId = await liveFolderOrNull(tx, p, input.folderId);
        const rows = await ownLiveImages(tx, p, input.ids);
        const ids = rows.map((r) => r.id);
        const taken = new Set((await imageRepo.imageNamesIn(tx, ownScope(p), folderId, ids)).map((n) => n.toLowerCase()));
        for (const r of rows) {
          const key = r.name.toLowerCase();
          if (taken.has(key)) throw imageNameTaken(r.name);
          taken.add(key);
        }
        return { ok: true as const, changed: await imageRepo.moveImages(tx, ownScope(p), ids, folderId, now()) };
      }),
    );

  /** To the bin; one in use needs the caller's confirmation, and live ads showing it stop (their owners are told). */
  const deleteImages = async (p: Caller, input: Pick<EndpointInput<typeof deleteImagesContract>, 'ids'> & { confirmInUse?: boolean }) =>
    db.transaction(async (tx) => {
      const rows = await ownLiveImages(tx, p, input.ids);
      const ids = rows.map((r) => r.id);
      if (!input.confirmInUse) {
        const uses = await usage(tx, ids);
        const all = [...uses.values()].flat();
        if (all.length) {
          const names = rows.filter((r) => uses.get(r.id)?.length).map((r) => `"${r.name}"`);
          throw new AppError(
            409,
            ERROR_CODES.imageInUse,
            `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} still used by ${all.length === 1 ? 'an ad' : `${all.length} ads`}: ${all.map((u) => u.name).join(', ')}. Delete anyway?`,
            { details: { uses: all } },
          );
        }
      }
      const at = now();
      const changed = await imageRepo.markImagesDeleted(tx, ownScope(p), ids, { at, by: p.userId });
      await tellStoppedAds(tx, notifications, { kind: 'image', ids }, at);
      return { ok: true as const, changed };
    });

  /**
   * The bytes behind a signed link. The link was given to a caller allowed to read the image, so
   * the link alone decides; bin items stay visible (the bin shows them) until they are purged.
   */
  const openFile = async (input: { id: number; variant: ImageVariant; exp: number; sig: string }) => {
    const verdict = links.verify(imageLinkResource(input.id, input.variant), input.exp, input.sig, now());
    if (verdict === 'invalid') throw notFound('The file');
    if (verdict === 'expired') {
      throw new AppError(403, ERROR_CODES.fileLinkExpired, 'This link has expired. Reload the page to get a new one.');
    }
    const image = await imageRepo.findImage(db, input.id, systemScope, false);
    if (!image) throw notFound('The file');
    const thumbnail = input.variant === 'thumbnail';
    const file = await storage.get(thumbnail ? image.thumbnailKey : image.storageKey);
    if (!file) throw notFound('The file');
    const stem = image.name.replace(/\.[^.]*$/, '') || 'image';
    return {
      ...file,
      contentType: thumbnail ? 'image/webp' : image.mime,
      fileName: thumbnail ? `${stem}.webp` : image.name,
    };
  };

  // ---- Reviews and rejected images -------------------------------------------------------

  /**
   * Records a review decision on an image (campaign review calls it, inside its transaction): the
   * image's status becomes the decision, and the history keeps who, when, why and for which campaign.
   */
  const recordReview = async (
    input: { imageId: number; decision: 'approved' | 'rejected'; reason?: string | null; reviewerId: number | null; campaign?: { id: number; name: string } | null },
    tx?: DbOrTx,
  ) => {
    const run = async (t: DbOrTx) => {
      const at = now();
      const image = await imageRepo.findImage(t, input.imageId, systemScope);
      if (!image) throw imageNotFound();
      await imageRepo.setReviewStatus(t, image.id, input.decision, at);
      const review = await imageRepo.insertReview(t, {
        imageId: image.id,
        accountId: image.accountId,
        decision: input.decision,
        reason: input.reason ?? null,
        reviewerId: input.reviewerId,
        campaignId: input.campaign?.id ?? null,
        campaignName: input.campaign?.name ?? null,
        createdAt: at,
      });
      // Reviewed again: an earlier rejection's "replace it" no longer stands.
      await notifications.resolve([actionSubject.image(image.id)], t);
      // A rejection is the account's to fix (type 20): it leads to the gallery, which lists it.
      if (input.decision === 'rejected') {
        await notifications.notify(
          {
            type: NOTIFICATION_TYPES.action,
            message: { key: 'image.rejected', params: { imageId: image.id, name: image.name, reason: review.reason } },
            menuId: IMAGE_GALLERY_MENU_ID,
            recipients: { accounts: [image.accountId] },
            eventKey: `image-review:${review.id}`,
            subject: actionSubject.image(image.id),
          },
          t,
        );
      }
      return review;
    };
    return tx ? run(tx) : db.transaction(run);
  };

  const rejectedImages = async (p: Caller, q: EndpointInput<typeof rejectedImageList>) => {
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await imageRepo.listRejected(db, ownScope(p), q.search || undefined, limit, offset);
    const items: RejectedImage[] = rows.map((r) => ({ image: toImage(r.image), review: toReview(r.review) }));
    return pageAnswer(items, total, q);
  };

  /** Removes the files of images that no image of any account still uses. */
  const removeUnusedFiles = async (removed: { sha256: string; storageKey: string; thumbnailKey: string }[]) => {
    const inUse = await imageRepo.shasInUse(db, [...new Set(removed.map((r) => r.sha256))]);
    for (const r of removed) {
      if (inUse.has(r.sha256)) continue;
      await storage.delete(r.storageKey);
      await storage.delete(r.thumbnailKey);
    }
  };

  /**
   * A new file in a rejected image's place: same id, folder and uses, reviewed anew. It takes the
   * new file's name (unless another image of the folder has it) and upload date; the replaced file
   * stays in the history. Other dimensions may no longer fit the ads using the image: the caller
   * is told which (409) and must confirm.
   */
  const replaceRejected = async (
    p: Caller,
    input: { id: number; version: number; stream: Readable; fileName?: string; confirmDimensions?: boolean },
  ) => {
    const found = await imageRepo.findImage(db, input.id, ownScope(p));
    if (!found) throw imageNotFound();
    const image = atVersion(found, input.version, 'The image');
    if (image.reviewStatus !== 'rejected') {
      throw new AppError(409, ERROR_CODES.imageNotRejected, 'Only a rejected image can be replaced.');
    }
    const accept = async (next: { width: number; height: number }) => {
      if (input.confirmDimensions || (next.width === image.width && next.height === image.height)) return;
      const uses = (await usage(db, [image.id])).get(image.id) ?? [];
      const fit = uses.length
        ? `It will no longer fit ${uses.length === 1 ? 'this ad' : `these ${uses.length} ads`}: ${uses.map((u) => u.name).join(', ')}.`
        : 'No ad uses it now.';
      throw new AppError(
        409,
        ERROR_CODES.imageDimensionsChanged,
        `The new file is ${next.width} × ${next.height}; "${image.name}" is ${image.width} × ${image.height}. ${fit} Replace anyway?`,
        { details: { uses } },
      );
    };
    const replaced = await receive(
      p,
      input.stream,
      async (file) => {
        const at = now();
        const wanted = input.fileName === undefined ? image.name : cleanFileName(input.fileName, file.format);
        const name = nameTaken(wanted, await imageRepo.imageNamesIn(db, ownScope(p), image.folderId, [image.id])) ? image.name : wanted;
        const row = await guardImageName(() =>
          db.transaction(async (tx) => {
            await quota.reserve(tx, p, file.bytes - image.bytes);
            const updated = await imageRepo.replaceImageFile(tx, ownScope(p), image, input.version, { ...file, name, createdBy: p.userId, at });
            if (updated) {
              await imageRepo.resolveRejections(tx, image.id, at);
              // Replaced: what the rejection asked for is done.
              await notifications.resolve([actionSubject.image(image.id)], tx);
            }
            return updated;
          }),
        );
        if (!row) throw stale('The image');
        return row;
      },
      accept,
    );
    await removeUnusedFiles([image]);
    return toImage(replaced);
  };

  return {
    folderTree,
    createFolder,
    renameFolder,
    moveFolder,
    deleteFolder,
    listImages,
    imageDetail,
    upload,
    renameImage,
    moveImages,
    deleteImages,
    openFile,
    recordReview,
    standingRejections,
    rejectedImages,
    replaceRejected,
    removeUnusedFiles,
  };
};

export type AssetsService = ReturnType<typeof createAssetsService>;
