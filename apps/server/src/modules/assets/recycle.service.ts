import {
  ERROR_CODES,
  FOLDER_NAME_MAX,
  IMAGE_NAME_MAX,
  NOTIFICATION_TYPES,
  RECYCLE_RETENTION_DAYS,
  type EndpointInput,
  type RecycleItem,
  type RecycleKind,
  type recycleDeleteForever,
  type recycleList,
  type recycleRestore,
} from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { ownScope, type Scope } from '../../kit/access';
import { tryTransactionLock } from '../../kit/locks';
import { AppError, notFound } from '../../errors';
import { uniqueName } from '../../kit/names';
import { pageAnswer, pageWindow } from '../../kit/paging';
import { isUniqueViolation } from '../../kit/sql';
import type { Caller as AnyCaller } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import type { NotificationsService } from '../notifications/notifications.service';
import { videoLink, type VideosService } from '../videos/videos.service';
import type { AssetsService } from './assets.service';
import { imageLink } from './assets.service';
import * as binRepo from './bin.repository';
import * as folderRepo from './folders.repository';
import * as imageRepo from './images.repository';

type Caller = Pick<AnyCaller, 'userId' | 'accountId' | 'powers'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days before the first item of an account expires when its users are reminded (type 15). */
export const PURGE_REMINDER_DAYS = 3;
/**
 * Where the reminder leads (identity catalogue): the advertiser's "Recycle Bin" menu; a publisher's
 * bin (videos only) is shown in its "Video Library".
 */
const RECYCLE_BIN_MENU_ID = 108;
const PUBLISHER_VIDEO_LIBRARY_MENU_ID = 208;

export interface RecycleDeps {
  db: Db;
  assets: AssetsService;
  videos: VideosService;
  links: LinkSigner;
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
}

/**
 * The recycle bin of an account: images and folders (power asset.*) and videos (video.*). Items are
 * purged RECYCLE_RETENTION_DAYS after deletion by `purgeExpired`.
 */
export const createRecycleService = ({ db, assets, videos, links, notifications, now = () => new Date() }: RecycleDeps) => {
  /** The kinds the caller may see (read) or change (write) in the bin. */
  const kindsOf = (p: Caller, mode: 'read' | 'write'): RecycleKind[] => {
    const kinds: RecycleKind[] = [];
    if (p.powers.has(mode === 'read' ? 'asset.read' : 'asset.write')) kinds.push('image', 'folder');
    if (p.powers.has(mode === 'read' ? 'video.read' : 'video.write')) kinds.push('video');
    return kinds;
  };
  const allowedKinds = (p: Caller, mode: 'read' | 'write') => {
    const kinds = kindsOf(p, mode);
    if (!kinds.length) throw new AppError(403, ERROR_CODES.forbidden, 'You do not have permission to do this.');
    return kinds;
  };

  const list = async (p: Caller, q: EndpointInput<typeof recycleList>) => {
    const kinds = allowedKinds(p, 'read');
    const scope = ownScope(p);
    const at = now();
    const wanted = q.kind ? kinds.filter((k) => k === q.kind) : kinds;
    const { items, total } = wanted.length
      ? await binRepo.listBin(db, scope, wanted, pageWindow(q).limit, pageWindow(q).offset)
      : { items: [], total: 0 };
    const chains = await binRepo.folderChains(
      db,
      scope,
      [...new Set(items.filter((r) => r.kind !== 'video' && r.originalFolderId !== null).map((r) => r.originalFolderId!))],
    );
    const returnsTo = (r: binRepo.BinRow): RecycleItem['returnsTo'] => {
      if (r.originalFolderId === null) return [];
      if (r.kind === 'video') return r.originalFolderName === null ? [] : [{ id: r.originalFolderId, name: r.originalFolderName, inRecycleBin: false }];
      return (chains.get(r.originalFolderId) ?? []).toReversed().map((f) => ({ id: f.id, name: f.name, inRecycleBin: f.deletedAt !== null }));
    };
    return pageAnswer(
      items.map(
        (r): RecycleItem => ({
          kind: r.kind,
          id: r.id,
          name: r.name,
          deletedAt: r.deletedAt.toISOString(),
          deletedBy: r.deletedById === null ? null : { id: r.deletedById, name: r.deletedByName ?? '' },
          originalFolderId: r.originalFolderId,
          originalFolderName: r.originalFolderName,
          returnsTo: returnsTo(r),
          daysLeft: Math.max(0, Math.ceil((r.deletedAt.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS - at.getTime()) / DAY_MS)),
          bytes: r.bytes,
          thumbnailUrl:
            r.kind === 'image'
              ? imageLink(links, r.id, 'thumbnail', at)
              : r.kind === 'video' && r.posterKey
                ? videoLink(links, { id: r.id, posterKey: r.posterKey }, 'poster', at)
                : null,
          contains: r.kind === 'folder' ? { folders: r.containsFolders ?? 0, images: r.containsImages ?? 0 } : null,
        }),
      ),
      total,
      q,
    );
  };

  const checkKinds = (p: Caller, items: { kind: RecycleKind }[]) => {
    const kinds = allowedKinds(p, 'write');
    // A kind the caller has no power over is not theirs to see: 404, like another account's item.
    if (items.some((i) => !kinds.includes(i.kind))) throw notFound('The item');
  };

  /**
   * Makes the original folder live again for an item coming back: each folder of its chain still
   * in the bin comes back on its own (what was deleted with it stays in the bin, as items of their
   * own), a name clash getting a suffix. Answers where the item goes: the folder, or the root when
   * it was purged; and the ids it brought back.
   */
  const restoreChain = async (tx: DbOrTx, scope: Scope, folderId: number | null, at: Date) => {
    if (folderId === null) return { folderId: null, restored: [] as number[] };
    const chain = (await binRepo.folderChains(tx, scope, [folderId])).get(folderId) ?? [];
    if (!chain.length) return { folderId: null, restored: [] as number[] };
    // A live folder has no folder of the bin above it: the ones to bring back are the nearest.
    const deleted = chain.filter((f) => f.deletedAt !== null);
    const inChain = new Set(chain.map((f) => f.id));
    for (const f of deleted.toReversed()) {
      const parentId = f.parentId !== null && inChain.has(f.parentId) ? f.parentId : null;
      const name = uniqueName(f.name, await folderRepo.siblingFolderNames(tx, scope, parentId), FOLDER_NAME_MAX, false);
      await binRepo.restoreFolderOnly(tx, f.id, { name, parentId, at });
    }
    for (const root of new Set(deleted.map((f) => f.deletedWithFolderId ?? f.id))) await binRepo.rehomeBinMembers(tx, root);
    return { folderId, restored: deleted.map((f) => f.id) };
  };

  const restore = async (p: Caller, input: EndpointInput<typeof recycleRestore>) => {
    checkKinds(p, input.items);
    const run = () =>
      db.transaction(async (tx) => {
        const at = now();
        const scope = ownScope(p);
        const restored: { kind: RecycleKind; id: number; name: string; folderId: number | null }[] = [];
        const broughtBack = new Set<number>();
        // Folders first: a folder asked for comes back with its content, before an image inside it
        // would bring it back on its own.
        const items = [...input.items].sort((a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder'));
        for (const item of items) {
          if (item.kind === 'video') {
            // Back at the end of its series when that still exists, else outside any series.
            const video = await videos.restoreFromBin(tx, p.accountId, item.id, at);
            if (!video) throw notFound('The item');
            restored.push({ kind: 'video', id: video.id, name: video.name, folderId: video.seriesId });
          } else if (item.kind === 'folder') {
            const row = await binRepo.findBinFolder(tx, item.id, scope);
            if (!row) {
              // Already brought back with an item of this request, whose folder chain it was in.
              const live = broughtBack.has(item.id) ? await folderRepo.findFolder(tx, item.id, scope) : undefined;
              if (!live) throw notFound('The item');
              restored.push({ kind: 'folder', id: live.id, name: live.name, folderId: live.parentId });
              continue;
            }
            const chain = await restoreChain(tx, scope, row.parentId, at);
            chain.restored.forEach((id) => broughtBack.add(id));
            const parentId = chain.folderId;
            const name = uniqueName(row.name, await folderRepo.siblingFolderNames(tx, scope, parentId), FOLDER_NAME_MAX, false);
            await binRepo.restoreFolder(tx, row.id, { name, parentId, at });
            restored.push({ kind: 'folder', id: row.id, name, folderId: parentId });
          } else {
            const row = await binRepo.findBinImage(tx, item.id, scope);
            if (!row) throw notFound('The item');
            const chain = await restoreChain(tx, scope, row.folderId, at);
            chain.restored.forEach((id) => broughtBack.add(id));
            const folderId = chain.folderId;
            const name = uniqueName(row.name, await imageRepo.imageNamesIn(tx, scope, folderId), IMAGE_NAME_MAX, true);
            await binRepo.restoreImage(tx, row.id, { name, folderId, at });
            restored.push({ kind: 'image', id: row.id, name, folderId });
          }
        }
        return { ok: true as const, restored };
      });
    try {
      return await run();
    } catch (err) {
      // A name taken by a concurrent upload or rename between the check and the write.
      if (isUniqueViolation(err)) {
        throw new AppError(409, ERROR_CODES.conflict, 'A name was taken while restoring. Please try again.');
      }
      throw err;
    }
  };

  const purge = async (accountId: number, ids: { folderIds: number[]; imageIds: number[]; videoIds: number[] }) => {
    const result = await db.transaction(async (tx) => {
      const purgedVideos = await videos.purgeFromBin(tx, accountId, ids.videoIds);
      // Every video asked for must have been in the bin, or nothing is deleted.
      if (purgedVideos.length !== new Set(ids.videoIds).size) throw notFound('The item');
      return { ...(await binRepo.purge(tx, ownScope({ accountId }), ids.folderIds, ids.imageIds)), videos: purgedVideos };
    });
    await assets.removeUnusedFiles(result.images);
    await videos.removeUnusedFiles(result.videos);
    return { ok: true as const, folders: result.folders, images: result.images.length, videos: result.videos.length };
  };

  const deleteForever = async (p: Caller, input: EndpointInput<typeof recycleDeleteForever>) => {
    checkKinds(p, input.items);
    const ids = { folderIds: [] as number[], imageIds: [] as number[], videoIds: [] as number[] };
    for (const item of input.items) {
      if (item.kind === 'video') {
        ids.videoIds.push(item.id); // checked by the purge itself
        continue;
      }
      const row =
        item.kind === 'folder' ? await binRepo.findBinFolder(db, item.id, ownScope(p)) : await binRepo.findBinImage(db, item.id, ownScope(p));
      if (!row) throw notFound('The item');
      (item.kind === 'folder' ? ids.folderIds : ids.imageIds).push(row.id);
    }
    return purge(p.accountId, ids);
  };

  /** Empties the bin, or only the given kinds of it (the video library empties its videos). */
  const empty = async (p: Caller, only?: readonly RecycleKind[]) => {
    const kinds = allowedKinds(p, 'write').filter((kind) => !only || only.includes(kind));
    if (!kinds.length) throw new AppError(403, ERROR_CODES.forbidden, 'You do not have permission to do this.');
    const ids = kinds.includes('image') ? await binRepo.binRootIds(db, ownScope(p)) : { folderIds: [], imageIds: [] };
    // Only what the caller may change: a publisher's bin holds videos only.
    const videoIds = kinds.includes('video') ? await videos.binVideoIds(db, p.accountId) : [];
    return purge(p.accountId, { ...ids, videoIds });
  };

  /**
   * Removes every item deleted more than RECYCLE_RETENTION_DAYS ago, with its files, and reminds
   * each account whose oldest item expires within PURGE_REMINDER_DAYS. Several servers may run it at
   * once: a transaction-scoped advisory lock lets one through, and only the rows that one deleted
   * have their files removed, so each file is removed once.
   */
  const purgeExpired = async () => {
    const at = now();
    const cutoff = new Date(at.getTime() - RECYCLE_RETENTION_DAYS * DAY_MS);
    const result = await db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, 'recycle.purge'))) return undefined;
      return { ...(await binRepo.purgeDeletedBefore(tx, cutoff)), videos: await videos.purgeDeletedBefore(tx, cutoff) };
    });
    if (!result) return { ran: false as const, folders: 0, images: 0, videos: 0, reminded: 0 };
    await assets.removeUnusedFiles(result.images);
    await videos.removeUnusedFiles(result.videos);
    // Abandoned chunked uploads go too.
    await videos.cleanExpiredUploads();

    // Each account is reminded once per "first item to expire": the event key names that item's time.
    const due = await binRepo.oldestBinItems(db, new Date(cutoff.getTime() + PURGE_REMINDER_DAYS * DAY_MS));
    let reminded = 0;
    for (const { accountId, accountKind, oldest, items } of due) {
      const expires = new Date(oldest.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS);
      const days = Math.max(1, Math.ceil((expires.getTime() - at.getTime()) / DAY_MS));
      const sent = await notifications.notify({
        type: NOTIFICATION_TYPES.reminder,
        message: { key: 'recycle.purgeSoon', params: { count: items, days, purgeAt: expires.toISOString() } },
        menuId: accountKind === 'publisher' ? PUBLISHER_VIDEO_LIBRARY_MENU_ID : RECYCLE_BIN_MENU_ID,
        recipients: { accounts: [accountId] },
        eventKey: `recycle-expiry:${accountId}:${oldest.getTime()}`,
      });
      if (sent) reminded++;
    }
    return { ran: true as const, folders: result.folders, images: result.images.length, videos: result.videos.length, reminded };
  };

  return { list, restore, deleteForever, empty, purgeExpired };
};

export type RecycleService = ReturnType<typeof createRecycleService>;
