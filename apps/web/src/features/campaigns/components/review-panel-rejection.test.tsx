import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import '../messages/register';
import { ReviewPanel } from './review-panel';
import { aCampaign, aDetail, anAd, anAdGroup } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

// An advertiser may show again an image review rejected; staff see it before they decide, since
// approving the campaign approves the image.

const adShowing = (id: number, imageId: number, rejection: { reason: string | null; at: string } | null) => {
  const ad = anAd(id);
  return anAd(id, {
    imageId,
    creative: { ...ad.creative!, id: imageId, name: `image-${imageId}.png`, reviewStatus: rejection ? 'rejected' : 'approved', rejection: rejection && { ...rejection, campaign: { id: 3, name: 'Winter' } } },
  });
};

describe("staff's campaign review", () => {
  it('flags an image that was rejected before, with its reason and date, once however many ads show it', async () => {
    fakeFetch({});
    const rejection = { reason: 'Text covers the product.', at: '2026-02-20T09:30:00.000Z' };
    const campaign = aDetail(aCampaign(1, { status: 'pending_review' }), {
      adGroups: [anAdGroup(1, [adShowing(1, 7, rejection), adShowing(2, 7, rejection), adShowing(3, 8, null)])],
    });
    renderPages({ routes: [{ path: '/', element: <ReviewPanel campaign={campaign} onDecided={() => undefined} /> }], path: '/', powers: ['campaign.review'], user: { role: 'MsInternal' } });
    const flags = await screen.findAllByText(/was rejected before/);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.textContent).toMatch(/^The image “image-7\.png” was rejected before: “Text covers the product\.”, Feb 20, 2026.*\. Approving this campaign approves it\.$/);
  });

  it('says nothing when no image stands rejected', async () => {
    fakeFetch({});
    renderPages({ routes: [{ path: '/', element: <ReviewPanel campaign={aDetail(aCampaign(1, { status: 'pending_review' }))} onDecided={() => undefined} /> }], path: '/', powers: ['campaign.review'] });
    expect(await screen.findByRole('button', { name: /Approve/ })).toBeTruthy();
    expect(screen.queryByText(/was rejected before/)).toBeNull();
  });
});
