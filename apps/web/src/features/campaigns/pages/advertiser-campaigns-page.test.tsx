import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aCampaign, aDetail, anAd, anAdGroup, dialogTitled, fakeCampaignServer, PATHS, renderCampaigns, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table, a drawer and a form: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const waitingOne = aCampaign(11, {
  name: 'Holiday promo',
  status: 'pending_review',
  reviewOutcome: 'pending',
  submittedAt: '2026-11-19T08:00:00.000Z',
  accountId: 4,
  accountName: 'Fabrikam',
  version: 6,
});
const running = aCampaign(12, { name: 'Always on', status: 'active', reviewOutcome: 'approved', accountId: 5, accountName: 'Northwind' });

const waitingDetail = aDetail(waitingOne, {
  adGroups: [
    anAdGroup(1, [
      anAd(1, { campaignId: 11, headline: 'Gift ideas' }),
      // The same image in a second ad: offered once.
      anAd(2, { campaignId: 11, headline: 'Free shipping', imageId: 101, creative: { ...anAd(1).creative!, id: 101, name: 'banner-1.png' } }),
      anAd(3, {
        campaignId: 11,
        headline: 'Snow film',
        format: 'video',
        imageId: null,
        videoId: 60,
        creative: { kind: 'video', id: 60, name: 'snow.mp4', width: 1280, height: 720, previewUrl: '/poster', url: '/stream', reviewStatus: 'unreviewed', inRecycleBin: false },
      }),
    ]),
  ],
});

const reviewForm = async () => {
  const drawer = await dialogTitled('Holiday promo');
  return within(await within(drawer).findByRole('region', { name: 'Review' }));
};

describe('Advertiser campaigns (staff)', SLOW, () => {
  it('opens on the review queue, oldest first, with its count, and lists every advertiser on the other tab', async () => {
    const server = fakeCampaignServer({ campaigns: [waitingOne, running] });
    const { router } = renderCampaigns('/advertiserCampaign', { staff: true });
    expect(await screen.findByText('Holiday promo', undefined, LONG)).toBeTruthy();
    expect(screen.queryByText('Always on')).toBeNull();
    expect(screen.getByText('Fabrikam · #4')).toBeTruthy();
    const listCalls = () => server.callsTo(PATHS.list).filter((call) => call.query.get('pageSize') !== '1');
    expect(Object.fromEntries(listCalls()[0]!.query)).toMatchObject({ status: 'pending_review', queueFirst: 'true' });
    // The count of the queue, asked apart.
    const count = server.callsTo(PATHS.list).find((call) => call.query.get('pageSize') === '1')!;
    expect(Object.fromEntries(count.query)).toMatchObject({ status: 'pending_review', sort: 'submittedAt', order: 'asc' });
    expect(document.querySelector('.list-tabs .kit-badge')!.textContent).toBe('1');

    await userEvent.click(screen.getByText('All campaigns'));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all' }));
    expect(await screen.findByText('Always on', undefined, LONG)).toBeTruthy();
    const all = Object.fromEntries(listCalls().at(-1)!.query);
    expect(all).toMatchObject({ queueFirst: 'true' });
    expect(all.status).toBeUndefined();
  });

  it('filters by an advertiser seen in the rows, or by an account id typed as a number', async () => {
    const server = fakeCampaignServer({ campaigns: [waitingOne, running] });
    const { router } = renderCampaigns('/advertiserCampaign?tab=all', { staff: true });
    await screen.findByText('Always on');
    // antd's select, loaded after the first view.
    const advertiser = await waitFor(() => {
      const input = document.querySelector<HTMLElement>('input[aria-label="Advertiser"]');
      if (!input) throw new Error('the advertiser filter has not loaded');
      return input;
    });
    await userEvent.click(advertiser);
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Northwind (#5)"]')!));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all', account: '5' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('accountId')).toBe('5'));
    await waitFor(() => expect(screen.queryByText('Holiday promo')).toBeNull());

    await userEvent.click(advertiser);
    await userEvent.type(advertiser, '42');
    await userEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="Account #42"]')!));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'all', account: '42' }));
  });

  it('approves a campaign from its drawer; the queue refreshes and says so', async () => {
    const server = fakeCampaignServer({ campaigns: [waitingOne], details: { 11: waitingDetail } });
    const { router } = renderCampaigns('/advertiserCampaign', { staff: true });
    await userEvent.click(await screen.findByText('Holiday promo'));
    const form = await reviewForm();
    const before = server.callsTo(PATHS.list).length;
    await userEvent.click(form.getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(server.callsTo(PATHS.review)).toHaveLength(1));
    expect(server.callsTo(PATHS.review)[0]!.body).toEqual({ id: 11, version: 6, decision: 'approve' });
    expect(await screen.findByText('“Holiday promo” approved', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(server.callsTo(PATHS.list).length).toBeGreaterThan(before);
  });

  it('rejects with a reason, per-ad reasons and rejected images, and asks for each reason first', async () => {
    const server = fakeCampaignServer({ campaigns: [waitingOne], details: { 11: waitingDetail } });
    renderCampaigns('/advertiserCampaign?campaign=11', { staff: true });
    const form = await reviewForm();
    await userEvent.click(form.getByRole('button', { name: /Reject…/ }));
    // Every ad, and each image once (two ads show banner-1.png).
    expect(form.getByLabelText('Reject the ad “Gift ideas”')).toBeTruthy();
    expect(form.getByLabelText('Reject the ad “Snow film”')).toBeTruthy();
    expect(form.getAllByLabelText(/^Reject the image/)).toHaveLength(1);

    await userEvent.click(form.getByLabelText('Reject the ad “Free shipping”'));
    await userEvent.click(form.getByLabelText('Reject the image “banner-1.png”'));
    await userEvent.click(form.getByRole('button', { name: /Reject campaign/ }));
    // Nothing is sent while a reason is missing.
    expect(form.getAllByText('Please give a reason.')).toHaveLength(3);
    expect(server.callsTo(PATHS.review)).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Reason for the advertiser'), 'Some ads need changes.');
    await userEvent.type(form.getByLabelText('Reason for the ad “Free shipping”'), 'Shipping is not free everywhere.');
    await userEvent.type(form.getByLabelText('Reason for the image “banner-1.png”'), 'The text is unreadable.');
    await userEvent.click(form.getByRole('button', { name: /Reject campaign/ }));
    await waitFor(() => expect(server.callsTo(PATHS.review)).toHaveLength(1));
    expect(server.callsTo(PATHS.review)[0]!.body).toEqual({
      id: 11,
      version: 6,
      decision: 'reject',
      reason: 'Some ads need changes.',
      ads: [{ id: 2, reason: 'Shipping is not free everywhere.' }],
      images: [{ id: 101, reason: 'The text is unreadable.' }],
    });
    expect(await screen.findByText('“Holiday promo” rejected; the advertiser has been told why', undefined, LONG)).toBeTruthy();
  });

  it('enlarges an image of the review to its full size', async () => {
    fakeCampaignServer({ campaigns: [waitingOne], details: { 11: waitingDetail } });
    renderCampaigns('/advertiserCampaign?campaign=11', { staff: true });
    const form = await reviewForm();
    await userEvent.click(form.getByRole('button', { name: /Reject…/ }));
    await userEvent.click(form.getAllByRole('button', { name: 'Enlarge banner-1.png' })[0]!);
    const image = await dialogTitled('banner-1.png');
    expect(image.querySelector('img')!.getAttribute('src')).toBe('/api/Image/File?id=101&exp=1&sig=x');
  });

  it('says when the campaign is no longer waiting, and refreshes', async () => {
    const server = fakeCampaignServer({ campaigns: [waitingOne], details: { 11: waitingDetail } });
    server.handle(PATHS.review, () => json(409, { errorCode: 'CAMPAIGN_STATE', error: 'The campaign is not waiting for review.' }));
    renderCampaigns('/advertiserCampaign?campaign=11', { staff: true });
    const form = await reviewForm();
    const before = server.callsTo(PATHS.list).length;
    await userEvent.click(form.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('This campaign is no longer waiting for review. The list has been refreshed.', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.list).length).toBeGreaterThan(before));
  });

  it('offers no review on a campaign that is not waiting', async () => {
    fakeCampaignServer({ campaigns: [waitingOne, running], details: { 11: waitingDetail } });
    renderCampaigns('/advertiserCampaign?tab=all&campaign=12', { staff: true });
    const drawer = await dialogTitled('Always on');
    await within(drawer).findByText('Settings');
    expect(within(drawer).queryByRole('region', { name: 'Review' })).toBeNull();
  });

  it('offers no review to staff who may only read', async () => {
    fakeCampaignServer({ campaigns: [waitingOne], details: { 11: waitingDetail } });
    renderCampaigns('/advertiserCampaign?campaign=11', { staff: true, powers: ['campaign.read'] });
    const drawer = await dialogTitled('Holiday promo');
    await within(drawer).findByText('Settings');
    expect(within(drawer).queryByRole('region', { name: 'Review' })).toBeNull();
  });

  it('says the queue is empty', async () => {
    fakeCampaignServer({ campaigns: [running] });
    renderCampaigns('/advertiserCampaign', { staff: true });
    expect(await screen.findByText('Nothing is waiting for review.', undefined, LONG)).toBeTruthy();
  });
});
