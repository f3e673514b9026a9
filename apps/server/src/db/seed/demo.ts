import { NOTIFICATION_TYPES as T } from '@ads/contracts';
import type { Services } from '../../app';
import { seedDemoImages } from './demo-images';
import { seedDemoVideos } from './demo-videos';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_USERS = {
  advertiser: { email: 'advertiser@demo.test', name: 'Avery Advertiser', account: 'Contoso Coffee', kind: 'advertiser' },
  publisher: { email: 'publisher@demo.test', name: 'Parker Publisher', account: 'Fabrikam News', kind: 'publisher' },
  staff: { email: 'staff@demo.test', name: 'Sam Staff', account: 'Ads Platform Operations', kind: 'internal' },
} as const;
type DemoKey = keyof typeof DEMO_USERS;

interface DemoNotification {
  type: number;
  title: string | null;
  content: string | null;
  menuId?: number;
  hoursAgo: number;
  read?: boolean;
}

// Every type for every demo user; some read, some linked, one without a title (per user) and an
// announcement without content. Menu ids are the catalogue's (identity/catalogue.ts).
const INBOXES: Record<DemoKey, DemoNotification[]> = {
  advertiser: [
    { type: T.approval, title: 'Campaign approved: Spring Blend Launch', content: 'All 4 ads were approved and can now deliver on matching ad slots.', menuId: 105, hoursAgo: 0.5 },
    { type: T.action, title: 'Campaign rejected: Winter Warmers', content: '2 images were rejected because text covers more than 20 % of the image. Replace them and submit again.', menuId: 105, hoursAgo: 3 },
    { type: T.reminder, title: 'Budget 80 % spent', content: "Campaign 'Holiday Gift Cards' has spent $4,000.00 of its $5,000.00 budget.", menuId: 102, hoursAgo: 5 },
    { type: T.event, title: 'Placement rejected by Fabrikam News', content: "The placement of 'Spring Blend Launch' on 'Homepage leaderboard 728×90' was rejected by the publisher.", menuId: 113, hoursAgo: 6 },
    { type: T.event, title: null, content: "Your image 'latte-art-728x90.png' finished processing and is ready to use.", menuId: 107, hoursAgo: 20 },
    { type: T.action, title: 'Request needs more information', content: 'Your request to raise the daily budget limit needs the invoice of last month.', menuId: 114, hoursAgo: 26, read: true },
    { type: T.reminder, title: 'Recycle bin purge in 3 days', content: '3 deleted images will be removed for good in 3 days. Restore them before then if you still need them.', menuId: 108, hoursAgo: 50, read: true },
    { type: T.event, title: 'Campaign ended: Autumn Roast', content: 'It delivered 182,340 impressions and 2,904 clicks (CTR 1.59 %).', menuId: 102, hoursAgo: 96, read: true },
  ],
  publisher: [
    { type: T.action, title: 'Placement waiting for your review', content: "Contoso Coffee's campaign 'Spring Blend Launch' wants to deliver on 'Homepage leaderboard 728×90'.", menuId: 206, hoursAgo: 1 },
    { type: T.approval, title: 'Ad slot approved: Article sidebar 300×250', content: 'Add the tag to your pages; the slot goes live once we see it there.', menuId: 205, hoursAgo: 4 },
    { type: T.reminder, title: 'Ad slot tag not seen for 7 days', content: "'Newsletter banner 600×200' has had no ad requests for 7 days. Check that the tag is still on the page.", menuId: 205, hoursAgo: 9 },
    { type: T.event, title: null, content: "Your content request 'Match-day gallery' was received and is waiting for review.", menuId: 210, hoursAgo: 22 },
    { type: T.event, title: 'Ad slot rejected: Footer sticky 320×50', content: 'Sticky footers that cover page content are not allowed. Change the format and submit it again.', menuId: 204, hoursAgo: 30, read: true },
    { type: T.approval, title: 'Payment details verified', content: 'Your revenue for November will be paid on 21 December.', menuId: 202, hoursAgo: 72, read: true },
  ],
  staff: [
    { type: T.action, title: 'Campaign waiting for review: Spring Blend Launch', content: 'Contoso Coffee submitted 4 ads and 6 images.', menuId: 308, hoursAgo: 0.25 },
    { type: T.action, title: 'Ad slot waiting for review: Homepage leaderboard 728×90', content: 'Fabrikam News created a new ad slot.', menuId: 310, hoursAgo: 2 },
    { type: T.reminder, title: '5 campaigns have waited over 24 hours', content: 'The review queue is behind its 24-hour target.', menuId: 308, hoursAgo: 7 },
    { type: T.approval, title: 'Content request approved: Match-day gallery', content: 'Fabrikam News approved the request; the content is ready for review.', menuId: 313, hoursAgo: 12 },
    { type: T.event, title: null, content: 'Fabrikam News updated its payment details.', menuId: 316, hoursAgo: 28 },
    { type: T.action, title: 'Status change request', content: 'Contoso Coffee asks to raise its daily budget limit to $2,000.00.', menuId: 318, hoursAgo: 40, read: true },
    { type: T.event, title: 'Account activated: Northwind Traders', content: 'The advertiser account was activated by Sam Staff.', menuId: 315, hoursAgo: 80, read: true },
  ],
};

const ANNOUNCEMENTS: (DemoNotification & { scheduledInHours?: number })[] = [
  { type: T.announcement, title: 'Scheduled maintenance this Sunday', content: 'Ads Console will be read-only on Sunday from 02:00 to 03:00 UTC while we upgrade the database.', hoursAgo: 24, read: true },
  { type: T.announcement, title: 'New: video ads in the Video Library', content: null, hoursAgo: 8 },
  { type: T.announcement, title: 'Holiday support hours', content: 'Support answers within 8 hours from 24 to 26 December.', hoursAgo: 0, scheduledInHours: 48 },
];

/** Fills an empty installation with the demo accounts and their Action Center. */
export const seedDemoData = async (services: Services, now = new Date()) => {
  const userIds = {} as Record<DemoKey, number>;
  const accountIds = {} as Record<DemoKey, number>;
  for (const [key, demo] of Object.entries(DEMO_USERS) as [DemoKey, (typeof DEMO_USERS)[DemoKey]][]) {
    const { user, account } = await services.identity.createAccountWithUser({
      account: { name: demo.account, kind: demo.kind },
      user: { email: demo.email, name: demo.name, password: DEMO_PASSWORD },
    });
    userIds[key] = user.id;
    accountIds[key] = account.id;
  }
  await seedDemoImages(services, { userId: userIds.advertiser, accountId: accountIds.advertiser }, userIds.staff);
  await seedDemoVideos(
    services,
    { userId: userIds.advertiser, accountId: accountIds.advertiser },
    { userId: userIds.publisher, accountId: accountIds.publisher },
  );
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  for (const [key, inbox] of Object.entries(INBOXES) as [DemoKey, DemoNotification[]][]) {
    for (const n of inbox) {
      await services.notifications.notify({ ...n, at: hoursAgo(n.hoursAgo), recipients: { users: [userIds[key]] } });
    }
  }
  for (const n of ANNOUNCEMENTS) {
    await services.notifications.notify({
      ...n,
      at: hoursAgo(n.hoursAgo),
      toSentAt: n.scheduledInHours ? hoursAgo(-n.scheduledInHours) : null,
      recipients: { everyone: true },
    });
  }
  for (const key of Object.keys(INBOXES) as DemoKey[]) {
    const readTitles = new Set([...INBOXES[key], ...ANNOUNCEMENTS].filter((n) => n.read).map((n) => n.title));
    const inbox = await services.notifications.list({ userId: userIds[key], roleIds: [] }, { page: 1, pageSize: 200 });
    const read = inbox.unchanged ? [] : inbox.infos.filter((i) => readTitles.has(i.title)).map((i) => i.notificationId);
    if (read.length) await services.notifications.setRead({ userId: userIds[key] }, read);
  }
};
