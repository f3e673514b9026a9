import type { PublishAnnouncementRequest } from '@ads/contracts';
import type { Services } from '../app';
import { seedDemoAdSlots } from './demo-ad-slots';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoContent } from './demo-content';
import { seedDemoDelivery } from './demo-delivery';
import { seedDemoImages } from './demo-images';
import { seedDemoPlacements } from './demo-placements';
import { seedDemoRequests } from './demo-requests';
import { seedDemoVideos } from './demo-videos';
import type { DemoClock } from './demo-clock';
import { together } from './together';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_USERS = {
  advertiser: {
    email: 'advertiser@demo.test',
    name: 'Avery Advertiser',
    account: 'Contoso Coffee',
    code: 'CONTOSO_COFFEE',
    contactEmail: 'marketing@contoso-coffee.test',
    kind: 'advertiser',
  },
  publisher: {
    email: 'publisher@demo.test',
    name: 'Parker Publisher',
    account: 'Fabrikam News',
    code: 'FABRIKAM_NEWS',
    contactEmail: 'ads@fabrikam-news.test',
    kind: 'publisher',
  },
  staff: {
    email: 'staff@demo.test',
    name: 'Sam Staff',
    account: 'Ads Platform Operations',
    code: 'ADS_PLATFORM_OPS',
    contactEmail: 'operations@ads-platform.test',
    kind: 'internal',
  },
} as const;
type DemoKey = keyof typeof DEMO_USERS;

/**
 * A second advertiser and a second publisher, made by staff through account management (so that
 * staff lists and account pickers have a choice); their users sign in with DEMO_PASSWORD too.
 */
export const DEMO_MORE_ACCOUNTS = [
  {
    kind: 'advertiser',
    name: 'Northwind Traders',
    code: 'NORTHWIND_TRADERS',
    contactEmail: 'buying@northwind.test',
    phone: '13800138000',
    registrationNumber: '91310000123456',
    user: { name: 'Nora Northwind', email: 'advertiser2@demo.test', phone: '' },
  },
  {
    kind: 'publisher',
    name: 'Litware Media',
    code: 'LITWARE_MEDIA',
    contactEmail: 'partners@litware.test',
    phone: '',
    registrationNumber: '',
    user: { name: 'Lee Litware', email: 'publisher2@demo.test', phone: '15900000000' },
  },
] as const;

const DAY_HOURS = 24;
const ACCOUNT_AGE_DAYS = 70;

// Staff announcements, published through the same call as the console's "New announcement". The
// first is read by everyone; the last is scheduled and not yet delivered.
const ANNOUNCEMENTS: (Omit<PublishAnnouncementRequest, 'toSentAt'> & { hoursAgo: number; scheduledInHours?: number; read?: boolean })[] = [
  {
    title: 'Scheduled maintenance on Sunday',
    content: 'Ads Console will be read-only on Sunday from 02:00 to 03:00 UTC while we upgrade the database.',
    zh: { title: '周日例行维护', content: '周日 02:00 至 03:00（UTC）升级数据库期间，广告控制台为只读状态。' },
    audience: { kind: 'all' },
    hoursAgo: 24,
    read: true,
  },
  {
    title: 'New: the Video Library',
    content: 'Upload short clips, group them in series and choose their posters in the Video Library.',
    zh: { title: '新功能：视频库', content: '现在可以在视频库中上传短视频、按系列整理并选择封面。' },
    audience: { kind: 'all' },
    hoursAgo: 8,
  },
  {
    // English only: zh-CN readers see this version.
    title: 'Image reviews within one working day',
    content: 'We review new and replaced images within one working day. A rejected image shows the reason in the Image Gallery.',
    audience: { kind: 'role', role: 'Advertiser' },
    hoursAgo: 2,
  },
  {
    title: 'Holiday support hours',
    content: 'Support answers within 8 hours from 24 to 26 December.',
    zh: { title: '假日支持时间', content: '12 月 24 日至 26 日，客服将在 8 小时内回复。' },
    audience: { kind: 'all' },
    hoursAgo: 0,
    scheduledInHours: 48,
  },
];

/**
 * The second advertiser and publisher, made as staff make them (a one-time password each), then
 * each user chooses DEMO_PASSWORD as a user does at the first sign-in.
 */
const seedMoreAccounts = async (services: Services, staff: { userId: number; accountId: number }) => {
  const caller = { ...staff, accountKind: 'internal' as const, powers: new Set(['account.write'] as const) };
  await together(
    DEMO_MORE_ACCOUNTS.map(async (demo) => {
      const created = await services.accounts.create(caller, demo);
      const user = created.result.users[0]!;
      await services.identity.changePassword({ userId: user.id, sessionId: 0 }, { currentPassword: created.oneTimePassword, newPassword: DEMO_PASSWORD });
    }),
  );
};

/**
 * Fills an empty installation with the demo accounts, their libraries and their Action Center.
 * Every notification is made by the code that makes the real one (a review's rejection, the bin's
 * purge reminder, a staff announcement), about things the demo holds. `clock` must be the one the
 * services read.
 */
export const seedDemoData = async (services: Services, clock: DemoClock) => {
  const now = clock.now();
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const userIds = {} as Record<DemoKey, number>;
  const accountIds = {} as Record<DemoKey, number>;
  try {
    // The accounts and their libraries are ten weeks old (Spring Blend has run for sixty days).
    clock.set(hoursAgo(ACCOUNT_AGE_DAYS * DAY_HOURS));
    for (const [key, demo] of Object.entries(DEMO_USERS) as [DemoKey, (typeof DEMO_USERS)[DemoKey]][]) {
      const { user, account } = await services.identity.createAccountWithUser({
        account: { name: demo.account, kind: demo.kind, code: demo.code, contactEmail: demo.contactEmail },
        user: { email: demo.email, name: demo.name, password: DEMO_PASSWORD },
      });
      userIds[key] = user.id;
      accountIds[key] = account.id;
    }
    await seedMoreAccounts(services, { userId: userIds.staff, accountId: accountIds.staff });
    // The image gallery and the video libraries are independent: made side by side, the videos at
    // the accounts' start on a clock of their own while the images' reviews and deletion move it.
    const [images, videos] = await together([
      seedDemoImages(services, { userId: userIds.advertiser, accountId: accountIds.advertiser }, userIds.staff, { clock, hoursAgo }),
      clock.during(hoursAgo(ACCOUNT_AGE_DAYS * DAY_HOURS), () =>
        seedDemoVideos(
          services,
          { userId: userIds.advertiser, accountId: accountIds.advertiser },
          { userId: userIds.publisher, accountId: accountIds.publisher },
        ),
      ),
    ]);
    clock.set(hoursAgo(ACCOUNT_AGE_DAYS * DAY_HOURS));
    await seedDemoCampaigns(
      services,
      {
        advertiser: { userId: userIds.advertiser, accountId: accountIds.advertiser },
        staff: { userId: userIds.staff, accountId: accountIds.staff },
      },
      { images, videos },
      { clock, now },
    );
    await seedDemoAdSlots(
      services,
      { publisher: { userId: userIds.publisher, accountId: accountIds.publisher }, staff: { userId: userIds.staff, accountId: accountIds.staff } },
      { clock, now },
    );
    await seedDemoPlacements(
      services,
      { advertiser: { userId: userIds.advertiser, accountId: accountIds.advertiser }, publisher: { userId: userIds.publisher, accountId: accountIds.publisher } },
      { clock, now },
    );
    await seedDemoDelivery(services, { userId: userIds.staff, accountId: accountIds.staff }, { userId: userIds.advertiser, accountId: accountIds.advertiser }, { clock, now });
    await seedDemoRequests(
      services,
      {
        advertiser: { userId: userIds.advertiser, accountId: accountIds.advertiser },
        publisher: { userId: userIds.publisher, accountId: accountIds.publisher },
        staff: { userId: userIds.staff, accountId: accountIds.staff },
      },
      { clock, now },
    );
    await seedDemoContent(
      services,
      { publisher: { userId: userIds.publisher, accountId: accountIds.publisher }, staff: { userId: userIds.staff, accountId: accountIds.staff } },
      { clock, now },
    );

    // The advertiser keeps a weekly report of its campaigns, scheduled for Mondays at 08:00 UTC: its
    // last run waits in the Action Center with its CSV (the job's own run, at its hour). Scheduled
    // exactly a week ago, its first run is the one Monday 08:00 of the last seven days, and the next
    // is still to come whatever the day and hour of the first start: the running server's job finds
    // nothing due.
    clock.set(hoursAgo(7 * DAY_HOURS));
    const reader = { userId: userIds.advertiser, accountId: accountIds.advertiser, accountKind: 'advertiser' as const, powers: new Set(['insights.advertiser'] as const) };
    const weekly = await services.savedReports.create(reader, { type: 'advertiser', name: 'Weekly campaign performance', query: 'range=last7&dims=campaign' });
    const scheduled = await services.scheduledReports.schedule(reader, { id: weekly.id, version: weekly.version, schedule: { frequency: 'weekly', timeZone: 'UTC', hour: 8 } });
    clock.set(new Date(Math.min(Date.parse(scheduled.nextRunAt!) + 60_000, now.getTime())));
    await services.scheduledReports.runDue();

    // Nora Northwind forgot her password this morning: her request waits in staff's Action Center,
    // linked to the advertisers' page, until staff give her a one-time password.
    clock.set(hoursAgo(3));
    await services.accounts.forgotPassword({ email: DEMO_MORE_ACCOUNTS[0].user.email }, { ip: '203.0.113.7' });

    const staff = {
      userId: userIds.staff,
      sessionId: 0,
      email: DEMO_USERS.staff.email,
      name: DEMO_USERS.staff.name,
      accountId: accountIds.staff,
      accountName: DEMO_USERS.staff.account,
      accountKind: 'internal' as const,
      roleIds: [],
      powers: new Set(['notification.publish'] as const),
    };
    for (const { hoursAgo: h, scheduledInHours, read: _read, ...announcement } of ANNOUNCEMENTS) {
      clock.set(hoursAgo(h));
      const toSentAt = scheduledInHours ? hoursAgo(h - scheduledInHours).toISOString() : undefined;
      await services.notifications.publishAnnouncement(staff, { ...announcement, toSentAt });
    }

    // Today's purge run: the image deleted 27 days ago is three days from being removed for good.
    clock.set(now);
    await services.recycle.purgeExpired();

    // Each user has read what they would have read by now.
    const readTitles = new Set(ANNOUNCEMENTS.filter((a) => a.read).map((a) => a.title));
    for (const key of Object.keys(DEMO_USERS) as DemoKey[]) {
      const inbox = await services.notifications.list({ userId: userIds[key], roleIds: [] }, { page: 1, pageSize: 200 });
      const read = inbox.unchanged ? [] : inbox.infos.filter((i) => i.title && readTitles.has(i.title)).map((i) => i.notificationId);
      if (read.length) await services.notifications.setRead({ userId: userIds[key] }, read);
    }
  } finally {
    clock.set(null);
  }
};
