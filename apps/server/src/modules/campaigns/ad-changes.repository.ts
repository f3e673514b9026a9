import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { images } from '../../db/schema/assets';
import { adChanges, ads } from '../../db/schema/campaigns';
import { videos } from '../../db/schema/videos';
import { creativeColumns, type AdWithCreativeRow } from './campaigns.repository';

// A live campaign's proposed ad changes (ad_changes, one per ad): what the advertiser sent, read
// with the creative it would show, and the approval that copies it onto the ad.

export type AdChangeRow = typeof adChanges.$inferSelect;
/** A change with its creative, in the columns an ad's creative is read from (records.creativeOf). */
export type AdChangeWithCreativeRow = AdChangeRow & Pick<AdWithCreativeRow, keyof typeof creativeColumns>;

export const changesOf = (db: DbOrTx, campaignIds: number[]): Promise<AdChangeWithCreativeRow[]> =>
  campaignIds.length
    ? db
        .select({
          adId: adChanges.adId,
          campaignId: adChanges.campaignId,
          format: adChanges.format,
          imageId: adChanges.imageId,
          videoId: adChanges.videoId,
          headline: adChanges.headline,
          description: adChanges.description,
          landingUrl: adChanges.landingUrl,
          status: adChanges.status,
          reason: adChanges.reason,
          submittedBy: adChanges.submittedBy,
          submittedAt: adChanges.submittedAt,
          ...creativeColumns,
        })
        .from(adChanges)
        .leftJoin(images, eq(images.id, adChanges.imageId))
        .leftJoin(videos, eq(videos.id, adChanges.videoId))
        .where(inArray(adChanges.campaignId, campaignIds))
        .orderBy(asc(adChanges.adId))
    : Promise.resolve([]);

/** Proposes (or proposes again) a change: it waits for review, whatever was decided before. */
export const proposeChange = (db: DbOrTx, values: Omit<AdChangeRow, 'status' | 'reason'>) =>
  db
    .insert(adChanges)
    .values({ ...values, status: 'pending', reason: null })
    .onConflictDoUpdate({ target: adChanges.adId, set: { ...values, status: 'pending', reason: null } });

export const deleteChange = (db: DbOrTx, adId: number) => db.delete(adChanges).where(eq(adChanges.adId, adId));

export const rejectChange = (db: DbOrTx, adId: number, reason: string) =>
  db
    .update(adChanges)
    .set({ status: 'rejected', reason })
    .where(and(eq(adChanges.adId, adId), eq(adChanges.status, 'pending')));

/** Copies a waiting change onto its ad and removes it, in one statement each (inside the review's transaction). */
export const applyChange = async (db: DbOrTx, adId: number, at: Date) => {
  await db.execute(sql`
    update ads a set format = c.format, image_id = c.image_id, video_id = c.video_id, headline = c.headline,
      description = c.description, landing_url = c.landing_url, review_reason = null, updated_at = ${at}
    from ad_changes c where c.ad_id = a.id and a.id = ${adId} and c.status = 'pending'`);
  await deleteChange(db, adId);
};

/** The next position in an ad group, and how many ads it holds (the group's limit). */
export const groupFill = async (db: DbOrTx, adGroupId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${ads.position}), -1)::int` })
    .from(ads)
    .where(eq(ads.adGroupId, adGroupId));
  return { count: Number(row?.n ?? 0), next: Number(row?.last ?? -1) + 1 };
};

export const insertAd = async (db: DbOrTx, values: typeof ads.$inferInsert) => {
  const [row] = await db.insert(ads).values(values).returning({ id: ads.id });
  return row!.id;
};

export const deleteAd = (db: DbOrTx, campaignId: number, id: number) => db.delete(ads).where(and(eq(ads.id, id), eq(ads.campaignId, campaignId)));
