import { saveCampaignDraft, saveLiveAd, type CampaignDocument, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// The demo advertiser's campaigns, made through the campaigns service as people would: drafted,
// submitted, reviewed by staff, started and ended by the schedule. Dated with the demo clock, in the
// order things happened (the schedule moves every campaign). No spend, impressions or clicks: those
// come only from delivery's recorded events (demo-delivery.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Who {
  userId: number;
  accountId: number;
}

export const seedDemoCampaigns = async (
  services: Services,
  people: { advertiser: Who; staff: Who },
  creatives: { images: Map<string, number>; videos: Map<string, number> },
  { clock, now }: { clock: DemoClock; now: Date },
) => {
  const { campaigns } = services;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const when = (ms: number) => at(ms).toISOString();
  const advertiser = {
    ...people.advertiser,
    accountKind: 'advertiser' as const,
    powers: new Set<Power>(['campaign.read', 'campaign.write', 'asset.read', 'video.read']),
  };
  const staff = { ...people.staff, accountKind: 'internal' as const, powers: new Set<Power>(['campaign.read', 'campaign.review']) };
  const image = (name: string) => creatives.images.get(name) ?? null;
  const video = (name: string) => creatives.videos.get(name) ?? null;
  const landing = 'https://www.contoso-coffee.example.com';

  const draft = async (ms: number, doc: CampaignDocument) => {
    clock.set(at(ms));
    return campaigns.saveDraft(advertiser, saveCampaignDraft.request.parse(doc));
  };
  const submit = async (ms: number, c: { id: number; version: number }) => {
    clock.set(at(ms));
    return campaigns.submit(advertiser, { id: c.id, version: c.version });
  };
  const approve = async (ms: number, c: { id: number; version: number }) => {
    clock.set(at(ms));
    return campaigns.review(staff, { id: c.id, version: c.version, decision: 'approve' });
  };
  const schedule = async (ms: number) => {
    clock.set(at(ms));
    await campaigns.runSchedule();
  };

  const settings = (start: number, end: number | null, totalBudgetMinor: number, dailyBudgetMinor: number) => ({
    objective: 'traffic' as const,
    dailyBudgetMinor,
    totalBudgetMinor,
    startAt: when(start),
    endAt: end === null ? null : when(end),
    bidStrategy: 'cpc' as const,
    maxBidMinor: 45,
    frequencyCap: { impressions: 4, period: 'day' as const },
  });

  // Autumn Roast: ran for three weeks and ended at its date.
  let autumn = await draft(-27 * DAY, {
    name: 'Autumn Roast',
    ...settings(-25 * DAY, -5 * DAY, 300_000, 15_000),
    adGroups: [
      {
        name: 'Coffee lovers',
        regions: ['US', 'CA'],
        devices: ['desktop', 'mobile'],
        ads: [
          { format: 'image', imageId: image('rectangle-300x250.png'), headline: 'Autumn Roast is here', description: 'Deep, nutty and warm. Two bags for the price of one.', landingUrl: `${landing}/autumn` },
          { format: 'image', imageId: image('skyscraper-160x600.png'), headline: 'Roasted this week', description: 'Fresh beans delivered to your door.', landingUrl: `${landing}/autumn` },
        ],
      },
    ],
  });
  autumn = await submit(-27 * DAY + 2 * HOUR, autumn);
  await approve(-26 * DAY, autumn);
  await schedule(-25 * DAY + 60_000);

  // Spring Blend Launch: approved and running for sixty days (its delivery: demo-delivery.ts).
  let spring = await draft(-63 * DAY, {
    name: 'Spring Blend Launch',
    ...settings(-60 * DAY, 30 * DAY, 500_000, 20_000),
    objective: 'awareness',
    bidStrategy: 'cpm',
    maxBidMinor: 350,
    adGroups: [
      {
        name: 'Morning commuters',
        regions: ['US'],
        devices: ['mobile'],
        // The banners fit Fabrikam News's live slots (demo-placements.ts); the store front fits none.
        ads: [
          { format: 'image', imageId: image('store-front.png'), headline: 'Spring Blend launches', description: 'Floral, bright and smooth. Try it at any Contoso store.', landingUrl: `${landing}/spring` },
          { format: 'video', videoId: video('store-opening.webm'), headline: 'Now open near you', description: 'Our new stores pour Spring Blend all day.', landingUrl: `${landing}/stores` },
          { format: 'image', imageId: image('spring-leaderboard-728x90.png'), headline: 'Spring Blend is here', description: 'Floral and bright, roasted this week.', landingUrl: `${landing}/spring` },
          { format: 'image', imageId: image('spring-rectangle-300x250.png'), headline: 'A brighter morning cup', description: 'Spring Blend at every Contoso store.', landingUrl: `${landing}/spring` },
          { format: 'image', imageId: image('rectangle-300x250.png'), headline: 'Two for one this spring', description: 'Two bags of Spring Blend for the price of one.', landingUrl: `${landing}/spring-offer` },
        ],
      },
    ],
  });
  spring = await submit(-63 * DAY + HOUR, spring);
  await approve(-62 * DAY, spring);
  await schedule(-60 * DAY + 60_000);

  // Weekday Mornings: running, then paused by the advertiser.
  let mornings = await draft(-12 * DAY, {
    name: 'Weekday Mornings',
    ...settings(-9 * DAY, 20 * DAY, 200_000, 25_000),
    dayparting: [1, 2, 3, 4, 5].map((day) => ({ day, fromHour: 6, toHour: 10 })),
    adGroups: [
      {
        name: 'Office workers',
        regions: ['US', 'GB'],
        devices: ['desktop'],
        ads: [{ format: 'image', imageId: image('logo-mark.png'), headline: 'Start your day right', description: 'A Contoso coffee before the first meeting.', landingUrl: `${landing}/mornings` }],
      },
    ],
  });
  mornings = await submit(-12 * DAY + HOUR, mornings);
  await approve(-11 * DAY, mornings);
  await schedule(-10 * DAY + 60_000);
  await schedule(-9 * DAY + 60_000);
  await schedule(-5 * DAY + 2 * HOUR);
  clock.set(at(-2 * DAY));
  const current = await campaigns.detail(advertiser, mornings.id);
  await campaigns.pause(advertiser, { id: current.id, version: current.version });

  // Winter Warmers: rejected with reasons for the campaign, an ad and an image.
  let winter = await draft(-2 * DAY, {
    name: 'Winter Warmers',
    ...settings(2 * DAY, 45 * DAY, 400_000, 12_000),
    adGroups: [
      {
        name: 'Cold cities',
        regions: ['US', 'CA', 'DE', 'SE'],
        devices: ['desktop', 'mobile', 'tablet'],
        ads: [
          { format: 'image', imageId: image('winter-blend-hero.png'), headline: 'Winter Blend is back', description: 'Spiced, rich and warming. Order by Friday for free delivery.', landingUrl: `${landing}/winter` },
          { format: 'image', imageId: image('leaderboard-728x90.png'), headline: 'FREE coffee forever!!!', description: 'Free delivery on every order this winter.', landingUrl: `${landing}/winter` },
        ],
      },
      {
        name: 'Video viewers',
        devices: ['mobile', 'tablet'],
        ads: [{ format: 'video', videoId: video('winter-blend-teaser.webm'), headline: 'Warm up with Winter Blend', description: 'Watch how we roast it.', landingUrl: `${landing}/winter` }],
      },
    ],
  });
  winter = await submit(-1 * DAY, winter);
  clock.set(at(-3 * HOUR));
  const misleading = winter.adGroups[0]!.ads[1]!;
  await campaigns.review(staff, {
    id: winter.id,
    version: winter.version,
    decision: 'reject',
    reason: 'One ad makes a claim the offer does not support. Fix the ad and the image, then submit again.',
    ads: [{ id: misleading.id, reason: '"Free coffee forever" is not what the landing page offers.' }],
    images: [{ id: misleading.imageId!, reason: 'The text is too small to read at this size. Use at least 14 px type or fewer words.' }],
  });

  // Holiday Gift Cards: waiting in staff's review queue.
  const holiday = await draft(-6 * HOUR, {
    name: 'Holiday Gift Cards',
    ...settings(5 * DAY, 35 * DAY, 250_000, 10_000),
    objective: 'conversions',
    adGroups: [
      {
        name: 'Gift shoppers',
        regions: ['US', 'GB', 'AU'],
        ads: [{ format: 'image', imageId: image('winter-blend-square.png'), headline: 'Give the gift of coffee', description: 'Contoso gift cards, delivered by email in minutes.', landingUrl: `${landing}/gift-cards` }],
      },
    ],
  });
  await submit(-5 * HOUR, holiday);

  // Store Openings: a video campaign sent to review after it, so staff's queue holds two.
  const openings = await draft(-4 * HOUR, {
    name: 'Store Openings',
    ...settings(3 * DAY, 24 * DAY, 150_000, 8_000),
    objective: 'awareness',
    bidStrategy: 'cpm',
    maxBidMinor: 300,
    adGroups: [
      {
        name: 'Neighbours',
        regions: ['US'],
        devices: ['mobile', 'tablet'],
        ads: [{ format: 'video', videoId: video('store-opening.webm'), headline: 'A new Contoso near you', description: 'Opening week: a free pastry with every coffee.', landingUrl: `${landing}/stores` }],
      },
    ],
  });
  await submit(-2 * HOUR, openings);

  // Spring Blend Launch, running: a changed ad waits for staff's review while the approved one serves.
  clock.set(at(-3 * HOUR));
  const running = await campaigns.detail(advertiser, spring.id);
  const offer = running.adGroups[0]!.ads.find((a) => a.headline === 'Two for one this spring')!;
  await campaigns.saveLiveAd(
    advertiser,
    saveLiveAd.request.parse({
      campaignId: running.id,
      version: running.version,
      adGroupId: offer.adGroupId,
      adId: offer.id,
      ad: { format: 'image', imageId: offer.imageId, videoId: null, headline: 'Two for one, this week only', description: 'Two bags of Spring Blend for the price of one, until Sunday.', landingUrl: `${landing}/spring-offer` },
    }),
  );

  // A draft, half done.
  await draft(-90 * 60_000, {
    name: 'Cold Brew Summer',
    objective: 'traffic',
    adGroups: [{ name: 'Students', ads: [{ format: 'image', headline: 'Cold brew, ready when you are' }] }],
  });

  // What people would have read by now: staff the submissions they reviewed, the advertiser its
  // campaigns' news older than a day. Holiday Gift Cards and Store Openings wait unread in staff's
  // queue, and Spring Blend Launch's changed ad; the rejection waits for the advertiser.
  clock.set(now);
  const readBy = async (who: Who, read: (info: { messageKey: string | null; params: Record<string, unknown> | null; createdAt: string | null }) => boolean) => {
    const inbox = await services.notifications.list({ userId: who.userId, roleIds: [] }, { page: 1, pageSize: 200 });
    const ids = inbox.unchanged ? [] : inbox.infos.filter((i) => i.messageKey?.startsWith('campaign.') && read(i)).map((i) => i.notificationId);
    if (ids.length) await services.notifications.setRead({ userId: who.userId }, ids);
  };
  await readBy(people.staff, (i) => i.params?.campaignId !== holiday.id && i.params?.campaignId !== openings.id && i.messageKey !== 'campaign.adsSubmitted');
  await readBy(people.advertiser, (i) => i.messageKey !== 'campaign.rejected' && Date.parse(i.createdAt ?? '') < at(-DAY).getTime());
};
