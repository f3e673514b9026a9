import { saveAdSlot, type AdSlotForm, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// The demo publisher's ad slots on its news site and app, made through the ad slots service as
// people would: saved, submitted, reviewed by staff; the leaderboard and the rectangles went live
// when their tags had called from the site and passed validation.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Who {
  userId: number;
  accountId: number;
}

export const seedDemoAdSlots = async (services: Services, people: { publisher: Who; staff: Who }, { clock, now }: { clock: DemoClock; now: Date }) => {
  const { adSlots } = services;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const publisher = { ...people.publisher, accountKind: 'publisher' as const, powers: new Set<Power>(['adslot.read', 'adslot.write']) };
  const fromSite = { host: 'www.news.fabrikam.example' };
  const staff = { ...people.staff, accountKind: 'internal' as const, powers: new Set<Power>(['adslot.read', 'adslot.review']) };
  const site = { platform: 'site' as const, propertyName: 'Fabrikam News', propertyId: 'news.fabrikam.example' };

  const save = async (ms: number, form: AdSlotForm) => {
    clock.set(at(ms));
    return adSlots.save(publisher, saveAdSlot.request.parse(form));
  };
  const submit = async (ms: number, slot: { id: number; version: number }) => {
    clock.set(at(ms));
    return adSlots.submit(publisher, { id: slot.id, version: slot.version });
  };
  const review = async (ms: number, slot: { id: number; version: number }, reason?: string) => {
    clock.set(at(ms));
    return adSlots.review(staff, reason ? { id: slot.id, version: slot.version, decision: 'reject', reason } : { id: slot.id, version: slot.version, decision: 'approve' });
  };

  // Approved; all but the video slot went live (its tag is not on the site yet).
  const approved: [AdSlotForm, number, boolean][] = [
    [{ ...site, name: 'Home leaderboard', code: 'home-leaderboard', position: 'header', format: 'banner', width: 728, height: 90, floorCpmMinor: 120, placementPolicy: 'auto' }, -64 * DAY, true],
    [{ ...site, name: 'Article rectangle', code: 'article-rectangle', position: 'in_content', format: 'banner', width: 300, height: 250, floorCpmMinor: 150, placementPolicy: 'manual' }, -63 * DAY, true],
    [{ ...site, name: 'Sports rectangle', code: 'sports-rectangle', position: 'sidebar', format: 'banner', width: 300, height: 250, floorCpmMinor: 180, placementPolicy: 'manual' }, -16 * DAY, true],
    [{ ...site, name: 'Video pre-roll', code: 'video-preroll', position: 'in_content', format: 'video', width: 640, height: 360, floorCpmMinor: 800, placementPolicy: 'manual' }, -12 * DAY, false],
  ];
  const live = [];
  for (const [form, ms, goesLive] of approved) {
    const slot = await review(ms + DAY, await submit(ms + HOUR, await save(ms, form)));
    if (!goesLive) continue;
    // The publisher put the tag on the site; its first ad request came in, then validation.
    clock.set(at(ms + DAY + 2 * HOUR));
    await adSlots.recordTagCall(slot.tagKey, { ...fromSite, width: slot.width, height: slot.height, format: slot.format });
    clock.set(at(ms + DAY + 3 * HOUR));
    live.push(await adSlots.validate(publisher, { id: slot.id, version: slot.version }));
  }
  // The live slots' tags keep calling: their last calls are recent.
  clock.set(at(-10 * 60_000));
  for (const slot of live) await adSlots.recordTagCall(slot.tagKey, { ...fromSite, width: slot.width, height: slot.height, format: slot.format });

  // Rejected with a reason, waiting for the publisher's fix.
  const sticky = await submit(-3 * DAY + HOUR, await save(-3 * DAY, { ...site, name: 'Sticky footer', code: 'sticky-footer', position: 'footer', format: 'banner', width: 320, height: 50, floorCpmMinor: 60, placementPolicy: 'auto' }));
  await review(-2 * DAY, sticky, 'A sticky footer must leave a close button visible. Add one and submit again.');

  // Waiting in staff's queue: a site slot and an app slot.
  await submit(-5 * HOUR, await save(-6 * HOUR, { ...site, name: 'Sidebar half page', code: 'sidebar-half-page', position: 'sidebar', format: 'banner', width: 300, height: 600, floorCpmMinor: 200, placementPolicy: 'manual' }));
  await submit(
    -3 * HOUR,
    await save(-4 * HOUR, { platform: 'app', propertyName: 'Fabrikam News app', propertyId: 'com.fabrikam.news', name: 'Feed native card', code: 'app-feed-native', position: 'in_content', format: 'native', width: 320, height: 100, floorCpmMinor: 90, placementPolicy: 'manual' }),
  );

  // A draft, not sent yet.
  await save(-1 * HOUR, { ...site, name: 'Newsletter banner', code: 'newsletter-banner', position: 'below_fold', format: 'banner', width: 468, height: 60, floorCpmMinor: 50, placementPolicy: 'auto' });

  // Staff read the decisions they made; the queue and the publisher's news stay unread.
  clock.set(now);
  const inbox = await services.notifications.list({ userId: people.staff.userId, roleIds: [] }, { page: 1, pageSize: 200 });
  const decided = inbox.unchanged ? [] : inbox.infos.filter((i) => i.messageKey === 'adSlot.submitted' && Date.parse(i.createdAt ?? '') < at(-DAY).getTime()).map((i) => i.notificationId);
  if (decided.length) await services.notifications.setRead({ userId: people.staff.userId }, decided);
};
