import { campaignDetail, campaignForecast, saveCampaignDraft, slotCatalogue, submitCampaign } from '@ads/contracts';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { emptyForm } from './form-model';
import { localCopyKey } from './local-copy';
import { aDetail, anImage, aSlot, dialogTitled, fakeCampaignServer, installUploadXhr, renderWizard } from './test-helpers';

// Each test drives a whole form through antd: slower than the default allows on a cold start. The
// steps after Basics load when first opened: what a step shows is awaited (findBy…) once it is opened.
const SLOW = { timeout: 30_000 };

const SAVE = saveCampaignDraft.path;
const SUBMIT = submitCampaign.path;
const CATALOGUE = slotCatalogue.path;

/** A draft with everything Submit needs. */
const complete = () =>
  aDetail(5, {
    name: 'Spring launch',
    objective: 'traffic',
    dailyBudgetMinor: 5000,
    totalBudgetMinor: 100000,
    startAt: '2027-03-01T00:00:00.000Z',
    bidStrategy: 'cpm',
    maxBidMinor: 250,
    adGroups: [
      {
        name: 'Coffee lovers',
        regions: ['US'],
        devices: [],
        slotMode: 'all',
        slotIds: [],
        bidOverrideMinor: null,
        ads: [{ format: 'image', imageId: 9, videoId: null, headline: 'Fresh coffee', description: 'Roasted today.', landingUrl: 'https://shop.example.com' }],
      },
    ],
  });

const nameInput = () => screen.getByLabelText('Campaign name');
const clickButton = async (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name: typeof name === 'string' ? new RegExp(`^(\\S+ )?${name}$`) : name }));

describe('campaign wizard: steps and their checks', SLOW, () => {
  it('basics: Next names what is missing and stays', async () => {
    fakeCampaignServer();
    renderWizard();
    await clickButton('Next');
    expect(await screen.findByText('Please name the campaign.')).toBeTruthy();
    expect(screen.getByText('Please choose an objective.')).toBeTruthy();
    await userEvent.type(nameInput(), 'Spring');
    expect(screen.queryByText('Please name the campaign.')).toBeNull();
  });

  it('budget: daily over total, end before start and a bid out of limits are shown in the account currency', async () => {
    // The contract weighs budgets, dates and bids together once the fields themselves are filled.
    fakeCampaignServer({ campaigns: [complete()] });
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Budget & schedule'));
    const daily = await screen.findByLabelText('Daily budget (USD)');
    await userEvent.clear(daily);
    await userEvent.type(daily, '2000');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-03-10' } });
    fireEvent.change(screen.getByLabelText('End date (optional)'), { target: { value: '2027-03-01' } });
    await userEvent.click(screen.getByLabelText('CPC (per click)'));
    const bid = screen.getByLabelText('Maximum bid (USD)');
    await userEvent.clear(bid);
    await userEvent.type(bid, '80');
    expect(screen.getByText('Between $0.05 and $50.00.')).toBeTruthy();
    await clickButton('Next');
    expect(await screen.findByText('The daily budget cannot be more than the total budget.')).toBeTruthy();
    expect(screen.getByText('The end date must be after the start date.')).toBeTruthy();
    expect(screen.getByText('A CPC bid must be between $0.05 and $50.00.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Budget & schedule' })).toBeTruthy();
  });

  it('review: lists what blocks approval and each problem leads to its field', async () => {
    fakeCampaignServer();
    renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await userEvent.click(screen.getByText('Review'));
    const problems = await screen.findByRole('heading', { name: 'What would block approval' });
    const list = problems.parentElement!;
    expect(within(list).getByText('Please choose an objective.')).toBeTruthy();
    expect(within(list).getByText('Please name the ad group.')).toBeTruthy();
    expect(within(list).getByText('Please enter a headline.')).toBeTruthy();
    expect(within(list).queryByText('Please name the campaign.')).toBeNull();
    await userEvent.click(within(list).getByText('Please enter a headline.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Headline')));
    expect(screen.getByText('Please enter a headline.').closest('.kit-field')?.contains(screen.getByLabelText('Headline'))).toBe(true);
  });

  it('targeting and ads: Next names what each step is missing', async () => {
    fakeCampaignServer();
    renderWizard();
    await userEvent.click(screen.getByText('Targeting'));
    await clickButton('Next');
    expect(await screen.findByText('Please name the ad group.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Ad group name'), 'Coffee lovers');
    await clickButton('Next');
    expect(await screen.findByRole('heading', { name: 'Ads' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Landing page URL'), 'http://shop.example.com');
    await clickButton('Next');
    expect(await screen.findByText('Please choose an image.')).toBeTruthy();
    expect(screen.getByText('Please enter a headline.')).toBeTruthy();
    expect(screen.getByText('Please enter a description.')).toBeTruthy();
    expect(screen.getByText('The landing page must be an https:// address, e.g. https://www.example.com/offer.')).toBeTruthy();
  });

  it('ads: a creative is picked from the library in a modal and shows in the preview', async () => {
    fakeCampaignServer({ images: [anImage(7, 'beans.png'), anImage(8, 'cup.png')] });
    renderWizard();
    await userEvent.click(screen.getByText('Ads'));
    await userEvent.type(await screen.findByLabelText('Headline'), 'Fresh coffee');
    expect(within(screen.getByRole('figure', { name: 'Preview' })).getByText('Fresh coffee')).toBeTruthy();
    await clickButton(/Choose from image library/);
    const dialog = await dialogTitled('Choose an image');
    await userEvent.type(within(dialog).getByLabelText('Search by name'), 'cup');
    await waitFor(() => expect(within(dialog).queryByText('beans.png')).toBeNull());
    await userEvent.click(await within(dialog).findByText('cup.png'));
    expect(screen.getByText('cup.png')).toBeTruthy();
  });

  it('ads: an image uploaded in place becomes the creative; a duplicate picks the one already there', async () => {
    const server = fakeCampaignServer();
    let duplicate = false;
    const sent = installUploadXhr(() =>
      duplicate
        ? { status: 409, body: { errorCode: 'IMAGE_DUPLICATE', error: 'Already there.', existing: { id: 3, name: 'old-beans.png', folderId: null, inRecycleBin: false } } }
        : { status: 201, body: anImage(12, 'beans.png') },
    );
    renderWizard();
    await userEvent.click(screen.getByText('Ads'));
    await userEvent.upload(await screen.findByLabelText('Upload an image'), new File(['png'], 'beans.png', { type: 'image/png' }));
    expect(await screen.findByText('beans.png')).toBeTruthy();
    expect(sent[0]!.url).toContain('/api/Image/Upload');
    duplicate = true;
    await userEvent.upload(screen.getByLabelText('Upload an image'), new File(['png'], 'again.png', { type: 'image/png' }));
    expect((await screen.findAllByText('old-beans.png')).length).toBeGreaterThan(0);
    expect(screen.getByText('This file is already in your library: it was chosen.')).toBeTruthy();
    // Saved with the ad: the image's id.
    await clickButton('Save as Draft');
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    expect((server.callsTo(SAVE)[0]!.body as { adGroups: { ads: { imageId: number }[] }[] }).adGroups[0]!.ads[0]!.imageId).toBe(3);
  });
});

describe('campaign wizard: chosen ad slots', SLOW, () => {
  const SLOTS = [
    aSlot(1, 'Homepage leaderboard'),
    aSlot(2, 'Article sidebar', { publisher: { id: 4, name: 'Bean Post' }, propertyName: 'beanpost.example', format: 'native', width: 300, height: 250 }),
    aSlot(3, 'Recipe leaderboard', { publisher: { id: 4, name: 'Bean Post' }, propertyName: 'beanpost.example' }),
    aSlot(4, 'Footer leaderboard', { disapproval: { reason: 'Off-brand content.', at: '2026-10-01T00:00:00.000Z', by: null } }),
  ];
  const HOMEPAGE = 'Homepage leaderboard — Daily Brew Media · 728×90 banner · dailybrew.example';
  const SIDEBAR = 'Article sidebar — Bean Post · 300×250 native · beanpost.example';
  const RECIPE = 'Recipe leaderboard — Bean Post · 728×90 banner · beanpost.example';
  const picker = () => screen.getByLabelText('Ad slots');
  const slotsField = () => picker().closest<HTMLElement>('.kit-field')!;
  /** The visible option of the open picker (its accessible twin only carries the value). */
  const option = (label: string) =>
    waitFor(() => {
      const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
      if (!found) throw new Error(`no option ${label}`);
      return found;
    });
  /** A draft whose group targets the given slots. */
  const draftWithSlots = (slotIds: number[]) => {
    const draft = complete();
    draft.adGroups[0] = { ...draft.adGroups[0]!, slotMode: 'chosen', slotIds };
    return draft;
  };

  it('Chosen slots are searched on the server; the two picked keep their names and are saved in slotIds', async () => {
    const server = fakeCampaignServer({ slots: SLOTS });
    renderWizard();
    await userEvent.click(screen.getByText('Targeting'));
    await userEvent.click(await screen.findByLabelText('Chosen slots'));
    await userEvent.click(picker());
    expect(await option(HOMEPAGE)).toBeTruthy();
    // A disapproved slot is not offered.
    expect(document.querySelector('.ant-select-item-option[title^="Footer leaderboard"]')).toBeNull();

    await userEvent.type(picker(), 'bean');
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${HOMEPAGE}"]`)).toBeNull());
    await userEvent.click(await option(SIDEBAR));
    await userEvent.click(await option(RECIPE));
    // Live slots only, 50 at most; typing pauses before the search (not a call a key).
    const searches = server.callsTo(CATALOGUE).map((call) => Object.fromEntries(call.query));
    expect(searches[0]).toEqual({ state: 'allowed', pageSize: '50' });
    expect(searches.at(-1)).toEqual({ search: 'bean', state: 'allowed', pageSize: '50' });
    expect(searches.length).toBeLessThan(1 + 'bean'.length);

    // Another search lists neither: both stay chosen, by name.
    await userEvent.clear(picker());
    await userEvent.type(picker(), 'homepage');
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${SIDEBAR}"]`)).toBeNull());
    expect(within(slotsField()).getByText(SIDEBAR)).toBeTruthy();
    expect(within(slotsField()).getByText(RECIPE)).toBeTruthy();

    await clickButton('Save as Draft');
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    expect((server.callsTo(SAVE)[0]!.body as { adGroups: unknown[] }).adGroups[0]).toMatchObject({ slotMode: 'chosen', slotIds: [2, 3] });
  });

  it("a draft's saved slots are named once the catalogue answers, in the review and the picker; one it does not list reads Slot #id", async () => {
    const server = fakeCampaignServer({ campaigns: [draftWithSlots([2, 7])], slots: SLOTS });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.answer(slotCatalogue, async ({ page, pageSize }) => {
      await answered;
      return { items: SLOTS.slice(0, 3), total: 3, page, pageSize };
    });
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await userEvent.click(screen.getByText('Review'));
    expect(await screen.findByText('Slot #2')).toBeTruthy();
    expect(screen.getByText('Slot #7')).toBeTruthy();
    answer();
    expect(await screen.findByText(SIDEBAR)).toBeTruthy();
    expect(screen.getByText('Slot #7')).toBeTruthy();

    await userEvent.click(screen.getByText('Targeting'));
    await screen.findByLabelText('Ad slots');
    expect(within(slotsField()).getByText(SIDEBAR)).toBeTruthy();
    expect(within(slotsField()).getByText('Slot #7')).toBeTruthy();
  });

  it("the server's refusal of a slot no longer available lands on the picker", async () => {
    fakeCampaignServer({ campaigns: [draftWithSlots([2, 7])], slots: SLOTS });
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    await clickButton('Save as Draft');
    const message = await screen.findByText('A chosen ad slot is no longer available: please remove it.');
    expect(slotsField().contains(message)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(picker()));
  });

  it('with none chosen Next points at the picker; a failed load says so and Retry lists the slots', async () => {
    const server = fakeCampaignServer({ slots: SLOTS });
    server.handle(CATALOGUE, () => json(500, { errorCode: 'INTERNAL_ERROR', error: 'Something went wrong.' }));
    renderWizard();
    await userEvent.click(screen.getByText('Targeting'));
    await userEvent.type(await screen.findByLabelText('Ad group name'), 'Coffee lovers');
    await userEvent.click(screen.getByLabelText('Chosen slots'));
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('The ad slots could not be loaded.');

    await clickButton('Next');
    const problem = await screen.findByText('Please choose at least one ad slot, or target every eligible slot.');
    expect(slotsField().contains(problem)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(picker()));

    server.answer(slotCatalogue, ({ page, pageSize }) => ({ items: [SLOTS[0]!], total: 1, page, pageSize }));
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('The ad slots could not be loaded.')).toBeNull());
    await userEvent.click(picker());
    await userEvent.click(await option(HOMEPAGE));
    expect(screen.queryByText('Please choose at least one ad slot, or target every eligible slot.')).toBeNull();
    await clickButton('Next');
    expect(await screen.findByRole('heading', { name: 'Ads' })).toBeTruthy();
  });
});

describe('campaign wizard: saving and submitting', SLOW, () => {
  it('Save as Draft sends what is filled, then the id, version and ids it was given', async () => {
    const server = fakeCampaignServer();
    const { router } = renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await clickButton('Save as Draft');
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    const first = server.callsTo(SAVE)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({ name: 'Spring', objective: null, dailyBudgetMinor: null, startAt: null, dayparting: [] });
    expect(first).not.toHaveProperty('id');
    expect(first.adGroups).toEqual([
      { name: null, regions: [], devices: [], slotMode: 'all', slotIds: [], bidOverrideMinor: null, ads: [{ format: 'image', imageId: null, videoId: null, headline: null, description: null, landingUrl: null }] },
    ]);
    expect((await screen.findAllByText('The draft was saved.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));

    await userEvent.type(nameInput(), ' sale');
    await clickButton('Save as Draft');
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(2));
    const second = server.callsTo(SAVE)[1]!.body as { id: number; version: number; name: string; adGroups: { id: number; ads: { id: number }[] }[] };
    expect(second).toMatchObject({ id: 42, version: 1, name: 'Spring sale' });
    expect(second.adGroups[0]!.id).toBe(server.store.get(42)!.adGroups[0]!.id);
    expect(second.adGroups[0]!.ads[0]!.id).toBeGreaterThan(0);
    // Still the same wizard: what was typed is there.
    expect((nameInput() as HTMLInputElement).value).toBe('Spring sale');
  });

  it('Submit saves, then submits with the new version, and lands on the list', async () => {
    const server = fakeCampaignServer({ campaigns: [complete()] });
    const { router } = renderWizard('/campaign/create?id=5');
    expect(await screen.findByDisplayValue('Spring launch')).toBeTruthy();
    await userEvent.click(screen.getByText('Review'));
    expect(await screen.findByText('Nothing blocks submission: the campaign is ready for review.')).toBeTruthy();
    await clickButton('Submit for review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
    // The forecast asks by POST too: it reads, so it is not one of the writes.
    expect(server.calls.filter((call) => call.method === 'POST' && call.path !== campaignForecast.path).map((call) => call.path)).toEqual([SAVE, SUBMIT]);
    expect(server.callsTo(SUBMIT)[0]!.body).toEqual({ id: 5, version: 2 });
    expect(await screen.findByText('The campaign was sent for review.')).toBeTruthy();
  });

  it("the server's field errors land on their fields, on their step", async () => {
    const server = fakeCampaignServer({ campaigns: [complete()] });
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    server.handle(SUBMIT, () =>
      json(400, { errorCode: 'VALIDATION_FAILED', error: 'Please check the campaign.', fields: { 'adGroups.0.ads.0.landingUrl': 'The landing page must be an https:// address, e.g. https://www.example.com/offer.' } }),
    );
    await userEvent.click(screen.getByText('Review'));
    await clickButton('Submit for review');
    const message = await screen.findByText('The landing page must be an https:// address, e.g. https://www.example.com/offer.');
    expect(message.closest('.kit-field')?.contains(screen.getByLabelText('Landing page URL'))).toBe(true);
  });

  it('a stale version says someone else changed the campaign and keeps what was typed', async () => {
    const server = fakeCampaignServer({ campaigns: [complete()] });
    renderWizard('/campaign/create?id=5');
    await screen.findByDisplayValue('Spring launch');
    server.store.set(5, { ...server.store.get(5)!, version: 3 });
    await userEvent.type(nameInput(), '!');
    await clickButton('Save as Draft');
    expect((await screen.findAllByText(/Someone else changed this campaign/)).length).toBeGreaterThan(0);
    expect((nameInput() as HTMLInputElement).value).toBe('Spring launch!');
  });

  it('a taken name is shown on the name field', async () => {
    const server = fakeCampaignServer();
    renderWizard();
    server.handle(SAVE, () => json(409, { errorCode: 'NAME_TAKEN', error: 'The name is taken.' }));
    await userEvent.type(nameInput(), 'Spring');
    await clickButton('Save as Draft');
    const message = await screen.findByText('You already have a campaign with this name.');
    expect(message.closest('.kit-field')?.contains(nameInput())).toBe(true);
  });
});

describe('campaign wizard: editing', SLOW, () => {
  it('a campaign that is no longer editable says so, with a way back to the list', async () => {
    fakeCampaignServer({ campaigns: [{ ...complete(), status: 'ended' }] });
    renderWizard('/campaign/create?id=5');
    expect(await screen.findByText('This campaign is ended: only drafts, rejected and live campaigns can be edited.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the campaign list' })).toBeTruthy();
  });

  it('a rejected campaign shows why, and the rejected ad its reason', async () => {
    const detail = complete();
    detail.status = 'rejected';
    detail.reviewReason = 'The landing page does not load.';
    detail.adGroups[0]!.ads[0]!.reviewOutcome = 'rejected';
    detail.adGroups[0]!.ads[0]!.reviewReason = 'The headline overstates.';
    fakeCampaignServer({ campaigns: [detail] });
    renderWizard('/campaign/create?id=5');
    expect(await screen.findByText('This campaign was rejected: The landing page does not load.')).toBeTruthy();
    await userEvent.click(screen.getByText('Ads'));
    expect(await screen.findByText('Rejected in review: The headline overstates.')).toBeTruthy();
  });

  it('an unknown campaign says it was not found', async () => {
    fakeCampaignServer();
    renderWizard('/campaign/create?id=77');
    expect(await screen.findByText('This campaign was not found.')).toBeTruthy();
  });
});

describe('campaign wizard: leaving with unsaved changes', SLOW, () => {
  const leaveThroughMenu = () => userEvent.click(screen.getByRole('link', { name: 'Campaign list' }));

  it('asks with the specified texts; Leave without saving leaves', async () => {
    const server = fakeCampaignServer();
    const { router } = renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await leaveThroughMenu();
    const dialog = await dialogTitled('Unsaved changes');
    expect(dialog.textContent).toContain('Do you want to save this campaign as a draft before leaving, or just leave without saving?');
    expect(router.state.location.pathname).toBe('/campaign/create');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
    expect(server.callsTo(SAVE)).toHaveLength(0);
  });

  it('Save as Draft saves, then leaves', async () => {
    const server = fakeCampaignServer();
    const { router } = renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await leaveThroughMenu();
    const dialog = await dialogTitled('Unsaved changes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
    expect(server.callsTo(SAVE)).toHaveLength(1);
    expect(server.callsTo(SAVE)[0]!.body).toMatchObject({ name: 'Spring' });
  });

  it('a failing save keeps the user on the page, with the error and what was typed', async () => {
    const server = fakeCampaignServer();
    const { router } = renderWizard();
    server.handle(SAVE, () => json(409, { errorCode: 'CAMPAIGN_STATE', error: 'Not editable.', status: 'pending_review' }));
    await userEvent.type(nameInput(), 'Spring');
    await leaveThroughMenu();
    const dialog = await dialogTitled('Unsaved changes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as Draft' }));
    expect((await screen.findAllByText('This campaign is now waiting for review and can no longer be edited here.')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/campaign/create');
    expect((nameInput() as HTMLInputElement).value).toBe('Spring');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offline, Save as Draft fails at once (not paused until the browser is back) and keeps the user', async () => {
    const server = fakeCampaignServer();
    const { router } = renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    onlineManager.setOnline(false);
    try {
      server.handle(SAVE, () => Promise.reject(new TypeError('Failed to fetch')));
      await leaveThroughMenu();
      const dialog = await dialogTitled('Unsaved changes');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save as Draft' }));
      expect((await screen.findAllByText(/^The campaign could not be saved:/)).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe('/campaign/create');
      expect((nameInput() as HTMLInputElement).value).toBe('Spring');
      expect(server.callsTo(SAVE)).toHaveLength(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('Leave without saving keeps no copy in the browser, even one due while the next page loads', async () => {
    fakeCampaignServer();
    let loaded!: () => void;
    const { router } = renderWizard('/campaign/create', { listLoaded: new Promise<void>((resolve) => (loaded = resolve)) });
    // A quick user: the last key, the menu and the prompt's button inside the copy's 300 ms pause.
    fireEvent.change(nameInput(), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('link', { name: 'Campaign list' }));
    fireEvent.click(within(await dialogTitled('Unsaved changes')).getByRole('button', { name: 'Leave without saving' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(localStorage.getItem(localCopyKey('advertiser@demo.test', undefined))).toBeNull();
    loaded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
    expect(localStorage.getItem(localCopyKey('advertiser@demo.test', undefined))).toBeNull();
  });

  it("closing or reloading the tab with unsaved changes gets the browser's prompt", async () => {
    fakeCampaignServer();
    renderWizard();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(nameInput(), 'Spring');
    expect(unload()).toBe(true);
  });

  it('does not ask when nothing changed', async () => {
    fakeCampaignServer();
    const { router } = renderWizard();
    await leaveThroughMenu();
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('does not ask after the changes were saved', async () => {
    fakeCampaignServer();
    const { router } = renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await clickButton('Save as Draft');
    await screen.findAllByText('The draft was saved.');
    await leaveThroughMenu();
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/list'));
  });
});

describe('campaign wizard: the copy kept in the browser', SLOW, () => {
  it('is offered back and restored', async () => {
    fakeCampaignServer();
    renderWizard();
    await userEvent.type(nameInput(), 'Kept in the browser');
    const key = localCopyKey('advertiser@demo.test', undefined);
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Kept in the browser'));
    const copy = localStorage.getItem(key)!;
    // A crash: the page opens again with the copy still there.
    document.body.innerHTML = '';
    localStorage.setItem(key, copy);
    renderWizard();
    expect(await screen.findByText(/Unsaved work from .* was kept in this browser\./)).toBeTruthy();
    expect((nameInput() as HTMLInputElement).value).toBe('');
    await clickButton('Restore');
    expect((nameInput() as HTMLInputElement).value).toBe('Kept in the browser');
  });

  it('can be discarded', async () => {
    const key = localCopyKey('advertiser@demo.test', undefined);
    localStorage.setItem(key, JSON.stringify({ savedAt: '2026-11-20T08:00:00.000Z', form: { ...emptyForm(), name: 'Old work' } }));
    fakeCampaignServer();
    renderWizard();
    await clickButton('Discard');
    expect(localStorage.getItem(key)).toBeNull();
    expect((nameInput() as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/was kept in this browser/)).toBeNull();
  });

  it('is cleared by a successful save', async () => {
    const key = localCopyKey('advertiser@demo.test', undefined);
    fakeCampaignServer();
    renderWizard();
    await userEvent.type(nameInput(), 'Spring');
    await waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    await clickButton('Save as Draft');
    await screen.findAllByText('The draft was saved.');
    expect(localStorage.getItem(key)).toBeNull();
  });
});

// The detail contract is imported so that an unused import does not hide a renamed path.
void campaignDetail;
