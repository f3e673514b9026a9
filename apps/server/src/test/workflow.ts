import {
  reviewAdSlot,
  reviewCampaign,
  saveAdSlot,
  saveCampaignDraft,
  submitAdSlot,
  submitCampaign,
  uploadImage,
  validateAdSlot,
  type AdSlotForm,
  type CampaignDocument,
} from '@ads/contracts';
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart } from './multipart';
import type { TestApp } from './test-app';
import type { Caller } from './typed-client';

// The advertising workflow's first steps as users take them (a slot through review and validation,
// a creative uploaded, a campaign through review), for the tests of what comes after.

const DAY = 86_400_000;
let n = 0;
let colour = 0;

/** A PNG of the size asked; `noisy` makes it too heavy for a slot (over 150 KB). */
export const makeImage = async (width: number, height: number, noisy = false) => {
  colour++;
  if (noisy) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761 + colour) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: colour % 256, g: (colour * 7) % 256, b: (colour * 13) % 256 } } })
    .png()
    .toBuffer();
};

/** Helpers for slots `size` wide and high (a size no demo slot has keeps the demo's placements out). */
export const workflow = (t: TestApp, staff: Caller, size: { width: number; height: number }) => {
  const slotForm = (overrides: Partial<AdSlotForm> = {}): AdSlotForm => ({
    platform: 'site',
    propertyName: 'Fabrikam News',
    propertyId: 'news.fabrikam.example',
    name: `Test slot ${++n}`,
    code: `test-slot-${n}`,
    position: 'in_content',
    format: 'banner',
    ...size,
    floorCpmMinor: 100,
    placementPolicy: 'manual',
    ...overrides,
  });

  /** A slot through review and validation: live. */
  const liveSlot = async (owner: Caller, overrides: Partial<AdSlotForm> = {}) => {
    const draft = await owner.ok(saveAdSlot, slotForm(overrides));
    const sent = await owner.ok(submitAdSlot, { id: draft.id, version: draft.version });
    const approved = await staff.ok(reviewAdSlot, { id: sent.id, version: sent.version, decision: 'approve' });
    await t.services.adSlots.recordTagCall(approved.tagKey, { host: approved.propertyId, width: approved.width, height: approved.height, format: approved.format });
    const live = await owner.ok(validateAdSlot, { id: approved.id, version: approved.version });
    expect(live.status).toBe('live');
    return live;
  };

  const upload = async (caller: Caller, width = size.width, height = size.height, noisy = false) => {
    const res = await caller.send(uploadImage, {}, multipart(await makeImage(width, height, noisy), `creative-${++n}.png`));
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  /**
   * A campaign staff approved, its ads showing `imageIds`; one ad group choosing `slotIds`, or
   * every slot. `doc` overrides the settings (budget, bid, schedule, targeting of the group).
   */
  const approvedCampaign = async (
    caller: Caller,
    imageIds: number[],
    slotIds?: number[],
    doc: Partial<CampaignDocument> & { group?: Partial<NonNullable<CampaignDocument['adGroups']>[number]> } = {},
  ) => {
    const { group, ...settings } = doc;
    const draft = await caller.ok(saveCampaignDraft, {
      name: `Campaign ${++n}`,
      objective: 'traffic',
      dailyBudgetMinor: 10_000,
      totalBudgetMinor: 50_000,
      startAt: new Date(t.clock.now.getTime() - DAY).toISOString(),
      endAt: new Date(t.clock.now.getTime() + 7 * DAY).toISOString(),
      bidStrategy: 'cpm',
      maxBidMinor: 300,
      ...settings,
      adGroups: [
        {
          name: 'Group',
          ...(slotIds ? { slotMode: 'chosen' as const, slotIds } : {}),
          ...group,
          ads: imageIds.map((imageId, i) => ({ format: 'image' as const, imageId, headline: `Ad ${i + 1}`, description: 'Fresh.', landingUrl: 'https://www.example.com/offer' })),
        },
      ],
    });
    const sent = await caller.ok(submitCampaign, { id: draft.id, version: draft.version });
    return staff.ok(reviewCampaign, { id: sent.id, version: sent.version, decision: 'approve' });
  };

  return { slotForm, liveSlot, upload, approvedCampaign };
};
