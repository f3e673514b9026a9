import { adSlotList, campaignList, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// Status change requests, filed and decided through the status-changes service as people would: the
// advertiser asks to terminate its running campaign (waiting in staff's Action Center), and staff
// turned down the publisher's request to take a live slot offline (the publisher was told why).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Who {
  userId: number;
  accountId: number;
}

export const seedDemoRequests = async (
  services: Services,
  people: { advertiser: Who; publisher: Who; staff: Who },
  { clock, now }: { clock: DemoClock; now: Date },
) => {
  const { statusChanges } = services;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const requester = (who: Who, accountKind: 'advertiser' | 'publisher', read: Power) => ({ ...who, accountKind, powers: new Set<Power>(['request.create', read]) });
  const advertiser = requester(people.advertiser, 'advertiser', 'campaign.read');
  const publisher = requester(people.publisher, 'publisher', 'adslot.read');
  const staff = { ...people.staff, accountKind: 'internal' as const, powers: new Set<Power>(['request.create', 'request.review']) };

  // The publisher asked to take its sports rectangle offline for a redesign; staff said no the next day.
  const [sports] = (await services.adSlots.list(publisher, adSlotList.request.parse({ search: 'sports-rectangle' }))).items;
  if (!sports) throw new Error('demo: the Sports rectangle slot is missing');
  clock.set(at(-3 * DAY));
  const offline = await statusChanges.create(publisher, {
    kind: 'adSlot.offline',
    entityId: sports.id,
    reason: 'The sports section is being redesigned; the slot will move.',
  });
  clock.set(at(-2 * DAY + 3 * HOUR));
  await statusChanges.reject(staff, {
    id: offline.id,
    version: offline.version,
    reason: 'Advertisers have booked this slot until the end of the month; ask again once the redesign is live.',
  });

  // The advertiser asks to end Spring Blend Launch early: it waits for staff.
  const [spring] = (await services.campaigns.list(advertiser, campaignList.request.parse({ search: 'Spring Blend Launch' }))).items;
  if (!spring) throw new Error('demo: the Spring Blend Launch campaign is missing');
  clock.set(at(-3 * HOUR));
  await statusChanges.create(advertiser, {
    kind: 'campaign.terminate',
    entityId: spring.id,
    reason: 'The spring promotion ends early: we are moving its budget to the holiday campaign.',
  });
};
