import { adSlotList, placementList, type Power } from '@ads/contracts';
import type { Services } from '../app';
import type { DemoClock } from './demo-clock';

// The demo's placements, made by the placements queue from the campaigns and slots already seeded
// (Spring Blend × Fabrikam News's live slots) as people decided: Contoso Coffee disapproved the
// sports rectangle, Fabrikam News rejected one ad on its article rectangle.

const DAY = 24 * 3_600_000;

interface Who {
  userId: number;
  accountId: number;
}

export const seedDemoPlacements = async (services: Services, people: { advertiser: Who; publisher: Who }, { clock, now }: { clock: DemoClock; now: Date }) => {
  const { placements, adSlots } = services;
  const at = (ms: number) => new Date(now.getTime() + ms);
  const publisher = { ...people.publisher, accountKind: 'publisher' as const, powers: new Set<Power>(['adslot.read', 'placement.review']) };
  const advertiser = { ...people.advertiser, accountKind: 'advertiser' as const, powers: new Set<Power>(['campaign.read', 'campaign.write']) };
  const slotCoded = async (code: string) => {
    const found = await adSlots.list(publisher, adSlotList.request.parse({ search: code }));
    const slot = found.items.find((s) => s.code === code);
    if (!slot) throw new Error(`demo slot ${code} missing`);
    return slot;
  };

  // Contoso Coffee keeps off the sports rectangle from the start.
  clock.set(at(-13 * DAY + 3_600_000));
  const sports = await slotCoded('sports-rectangle');
  await placements.disapprove(advertiser, { slotIds: [sports.id], reason: 'Our brand stays off pages sponsored by betting companies.' });

  // Once Spring Blend was approved and both slots were live: its banners land on them. The
  // leaderboard approves its one at once; the article rectangle's two wait for Fabrikam News (one
  // notification).
  clock.set(at(-61 * DAY));
  await placements.drain();

  clock.set(at(-60 * DAY));
  const article = await slotCoded('article-rectangle');
  const waiting = await placements.list(publisher, placementList.request.parse({ slot: String(article.id), status: 'pending' }));
  const offer = waiting.items.find((p) => p.ad.headline === 'Two for one this spring');
  if (!offer) throw new Error('demo placement missing');
  await placements.decide(publisher, {
    decision: 'reject',
    reason: 'Our offers section already runs a two-for-one coffee promotion this month.',
    items: [{ id: offer.id, version: offer.version }],
  });
};
