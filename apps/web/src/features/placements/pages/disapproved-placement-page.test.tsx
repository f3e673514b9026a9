import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aRejection, aSlot, disapproval, fakeChoicesServer, PATHS, pickSegment, renderChoices, rowOf, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const PAGE = '/advAdSlotManagement/disapprovedPlacement';

describe('Disapproved Placements', SLOW, () => {
  it('opens on the publishers’ rejections: the ad, the slot, the publisher, the reason, who and when', async () => {
    const slot = aSlot(1, { name: 'Home top banner', publisher: { id: 3, name: 'Northwind Games' } });
    const server = fakeChoicesServer({ rejected: [aRejection(21, slot, { reason: 'Competes with our sponsor.' })] });
    renderChoices(PAGE);
    const row = within(await waitFor(() => rowOf('Headline 21')));
    expect(row.getByRole('img', { name: 'image-121.png' })).toBeTruthy();
    expect(row.getByText('Spring sale')).toBeTruthy();
    expect(row.getByText('Home top banner')).toBeTruthy();
    expect(row.getByText('728 × 90 · Banner')).toBeTruthy();
    expect(row.getByText('Northwind Games')).toBeTruthy();
    expect(row.getByText('Competes with our sponsor.')).toBeTruthy();
    expect(row.getByText('Parker Publisher')).toBeTruthy();
    // Read-only: the publisher decides.
    expect(row.queryByRole('button')).toBeNull();
    expect(row.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('1 placement')).toBeTruthy();
    expect(server.callsTo(PATHS.disapproved)).toHaveLength(0);
  });

  it('switches tabs in the URL, with each tab’s empty state', async () => {
    const server = fakeChoicesServer();
    const { router } = renderChoices(PAGE);
    expect(await screen.findByText('No publisher has rejected any of your placements.')).toBeTruthy();
    await pickSegment('Sections', 'Disapproved by you');
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'slots' }));
    expect(await screen.findByText('You have not disapproved any slot.')).toBeTruthy();
    expect(server.callsTo(PATHS.disapproved)).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Slot Review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/advAdSlotManagement/review'));
  });

  it('lists the slots you disapproved and approves one from its row, then a selection', async () => {
    const server = fakeChoicesServer({
      slots: [
        aSlot(1, { name: 'Alpha', disapproval: disapproval('Too close to news') }),
        aSlot(2, { name: 'Beta', format: 'native', width: 300, height: 250, disapproval: disapproval('Low quality') }),
        aSlot(3, { name: 'Gamma', disapproval: disapproval('Off brand') }),
        aSlot(4, { name: 'Delta' }),
      ],
    });
    renderChoices(`${PAGE}?tab=slots`);
    const beta = within(await waitFor(() => rowOf('Beta')));
    expect(beta.getByText('Fabrikam News', { selector: '.choice-small' })).toBeTruthy();
    expect(beta.getByText('news.fabrikam.test')).toBeTruthy();
    expect(beta.getByText('Native')).toBeTruthy();
    expect(beta.getByText('300 × 250')).toBeTruthy();
    expect(beta.getByText('Low quality')).toBeTruthy();
    expect(beta.getByText(/^By Avery · /)).toBeTruthy();
    expect(screen.queryByText('Delta')).toBeNull();

    await userEvent.click(beta.getByRole('button', { name: 'Approve Beta' }));
    await waitFor(() => expect(server.callsTo(PATHS.restore)).toHaveLength(1));
    expect(server.callsTo(PATHS.restore)[0]!.body).toEqual({ slotIds: [2] });
    expect(await screen.findByText('“Beta” approved: your approved ads that fit can run there')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Beta')).toBeNull());

    await userEvent.click(within(rowOf('Alpha')).getByRole('checkbox', { name: 'Select Alpha' }));
    await userEvent.click(within(rowOf('Gamma')).getByRole('checkbox', { name: 'Select Gamma' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Selected slots' })).getByRole('button', { name: /Approve selected/ }));
    await waitFor(() => expect(server.callsTo(PATHS.restore)).toHaveLength(2));
    expect(server.callsTo(PATHS.restore)[1]!.body).toEqual({ slotIds: [1, 3] });
    expect(await screen.findByText('You have not disapproved any slot.')).toBeTruthy();
  });
});
