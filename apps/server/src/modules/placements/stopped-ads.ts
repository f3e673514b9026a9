import { NOTIFICATION_TYPES } from '@ads/contracts';
import type { DbOrTx } from '../../db/client';
import { jsonOf } from '../../kit/sql';
import type { NotificationsService } from '../notifications/notifications.service';
import { campaignsShowing, type BinnedCreatives } from './placements.repository';

// A live ad whose image or video goes to the recycle bin stops at once: a creative in the bin fits
// no slot, so its placements are retired. The assets and videos services call this in the
// deletion's own transaction, so a deletion that rolls back tells no one.

/** The advertiser's Campaign List (identity catalogue): the link opens the campaign, whose delivery panel leads to Restore. */
const CAMPAIGN_LIST_MENU_ID = 105;

/** Tells the account of each active campaign whose approved ads show `binned`, once per campaign and deletion. */
export const tellStoppedAds = async (t: DbOrTx, notifications: Pick<NotificationsService, 'notify'>, binned: BinnedCreatives, at: Date) => {
  for (const c of await campaignsShowing(t, binned)) {
    await notifications.notify(
      {
        type: NOTIFICATION_TYPES.event,
        message: { key: 'campaign.creativesBinned', params: { campaignId: c.id, name: c.name, count: c.ads, creatives: jsonOf<string[]>(c.creatives).join(', ') } },
        menuId: CAMPAIGN_LIST_MENU_ID,
        recipients: { accounts: [c.accountId] },
        // A creative goes to the bin once per deletion: its lowest id and the instant name the event.
        eventKey: `campaign:${c.id}:binned:${binned.kind}:${c.firstCreativeId}:${at.toISOString()}`,
        at,
      },
      t,
    );
  }
};
