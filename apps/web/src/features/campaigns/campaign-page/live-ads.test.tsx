import { advertiserReport, campaignDetail, reviewAds, saveLiveAd, withdrawAdChange, type CampaignDetail } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import { aCampaign, aDetail, anAd, anAdGroup } from '../components/test-helpers';
import CampaignViewPage from '../pages/campaign-view-page';

// A live campaign's Ads tab (issue 29): the advertiser edits an ad, adds one, withdraws a change;
// staff approve or reject what waits. What each sends is the contract's call; field problems from
// the server show under their fields, in the reader's language.

const routes = [{ path: '/campaign/view', element: <CampaignViewPage /> }];

const change = {
  format: 'image' as const,
  imageId: 201,
  videoId: null,
  creative: null,
  headline: 'Autumn blend',
  description: 'Now with oat milk.',
  landingUrl: 'https://www.example.com/autumn',
  status: 'pending' as const,
  reason: null,
  submittedAt: '2026-11-20T09:00:00.000Z',
};

const campaignWith = (ads = [anAd(1, { campaignId: 7, reviewOutcome: 'approved', change })]): CampaignDetail =>
  aDetail(aCampaign(7, { name: 'Winter push', status: 'active', reviewOutcome: 'approved', adsToReview: 1 }), { adGroups: [anAdGroup(1, ads)] });

function server(campaign: CampaignDetail) {
  const fetch = fakeFetch({
    ...fakeEndpoint(campaignDetail, () => campaign),
    ...fakeEndpoint(advertiserReport, (p) => ({
      type: 'advertiser', currency: 'USD', timeZone: p.timeZone, granularity: p.granularity, from: p.from, to: p.to, previous: null, dimensions: [], metrics: [],
      series: [], previousSeries: null, rows: [], total: 0, page: 1, pageSize: 50, totals: {}, previousTotals: null,
    }) as never),
    ...fakeEndpoint(saveLiveAd, () => campaign),
    ...fakeEndpoint(withdrawAdChange, () => campaign),
    ...fakeEndpoint(reviewAds, () => campaign),
  });
  return fetch;
}

describe("a live campaign's ads", () => {
  it('shows the change waiting under the serving ad; the advertiser withdraws it', async () => {
    const fetch = server(campaignWith());
    renderPages({ routes, path: '/campaign/view?id=7&tab=ads', powers: ['campaign.read', 'campaign.write', 'insights.advertiser'] });
    expect(await screen.findByText('Change waiting for review')).toBeTruthy();
    expect(screen.getByText('Headline 1')).toBeTruthy();
    expect(screen.getByText('Autumn blend')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw change' }));
    await waitFor(() => expect(fetch.callsTo(withdrawAdChange.path)).toHaveLength(1));
    expect(fetch.callsTo(withdrawAdChange.path)[0]!.body).toEqual({ campaignId: 7, version: 3, adId: 1 });
  });

  it('sends an edited ad for review, and shows the server’s field problem under its field', async () => {
    const fetch = server(campaignWith([anAd(1, { campaignId: 7, reviewOutcome: 'approved' })]));
    fetch.handle(saveLiveAd.path, () => json(400, { errorCode: 'VALIDATION_FAILED', error: 'Some fields are not valid.', fields: { 'ad.landingUrl': 'The landing page must be an https:// address, e.g. https://www.example.com/offer.' } }));
    renderPages({ routes, path: '/campaign/view?id=7&tab=ads', powers: ['campaign.read', 'campaign.write', 'insights.advertiser'] });
    await userEvent.click(await screen.findByRole('button', { name: /^(edit )?Edit$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ad' });
    const headline = within(dialog).getByLabelText('Headline');
    expect((headline as HTMLInputElement).value).toBe('Headline 1');
    await userEvent.clear(headline);
    await userEvent.type(headline, 'Fresh roast');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(fetch.callsTo(saveLiveAd.path)).toHaveLength(1));
    expect(fetch.callsTo(saveLiveAd.path)[0]!.body).toMatchObject({
      campaignId: 7,
      version: 3,
      adGroupId: 1,
      adId: 1,
      ad: { format: 'image', imageId: 101, videoId: null, headline: 'Fresh roast', landingUrl: 'https://www.example.com/offer-1' },
    });
    expect(await within(dialog).findByText(/https:\/\//, { selector: '[data-field-error="landingUrl"]' })).toBeTruthy();
  });

  it('flags to staff a change showing an image review rejected before', async () => {
    const creative = {
      kind: 'image' as const, id: 201, name: 'small-print.png', width: 300, height: 250, previewUrl: null, url: null, reviewStatus: 'rejected', inRecycleBin: false,
      rejection: { reason: 'Text too small to read.', at: '2026-11-10T09:00:00.000Z', campaign: null },
    };
    server(campaignWith([anAd(1, { campaignId: 7, reviewOutcome: 'approved', change: { ...change, creative } })]));
    renderPages({ routes, path: '/campaign/view?id=7&tab=ads', powers: ['campaign.read', 'campaign.review'] });
    expect((await screen.findByText(/was rejected before/)).textContent).toContain('“small-print.png” was rejected before: “Text too small to read.”');
  });

  it('staff approve a waiting change, or reject it with a reason', async () => {
    const fetch = server(campaignWith());
    renderPages({ routes, path: '/campaign/view?id=7&tab=ads', powers: ['campaign.read', 'campaign.review'] });
    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(fetch.callsTo(reviewAds.path)).toHaveLength(1));
    expect(fetch.callsTo(reviewAds.path)[0]!.body).toEqual({ campaignId: 7, version: 3, decisions: [{ adId: 1, decision: 'approve' }] });
    expect(screen.queryByRole('button', { name: /^(edit )?Edit$/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Autumn blend”' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Reason (the advertiser sees it)'), 'Unproven claim.');
    await userEvent.click(confirm);
    await waitFor(() => expect(fetch.callsTo(reviewAds.path)).toHaveLength(2));
    expect(fetch.callsTo(reviewAds.path)[1]!.body).toEqual({ campaignId: 7, version: 3, decisions: [{ adId: 1, decision: 'reject', reason: 'Unproven claim.' }] });
  });
});
