import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConversion, fakeConversionServer, openDrawer, PATHS, renderButton, showTab } from '../test-helpers';

const rows = () => screen.getAllByRole('row').slice(1);

describe('conversion tracking: recent conversions', () => {
  it('lists each conversion with its value, source, status in words and campaign', async () => {
    fakeConversionServer({
      conversions: [
        aConversion(4, { orderId: 'A-4', via: 'view' }),
        aConversion(3, { orderId: 'A-3', valueMinor: 123456 }),
        aConversion(2, { orderId: 'A-2', source: 'postback', status: 'unattributed', reason: 'outsideWindow', campaignName: null, campaignId: null, clickedAt: null }),
        aConversion(1, { orderId: 'A-1', status: 'pending', campaignName: null, campaignId: null, clickedAt: null }),
      ],
    });
    await openDrawer();
    await showTab('Conversions');

    await waitFor(() => expect(rows()).toHaveLength(4));
    const [viewed, counted, notCounted, waiting] = rows();
    expect(viewed!.textContent).toContain('View-through, ad seen:');
    expect(counted!.textContent).toContain('Click:');
    expect(counted!.textContent).toContain('A-3');
    expect(counted!.textContent).toContain('$1,234.56');
    expect(counted!.textContent).toContain('Counted');
    expect(counted!.textContent).toContain('Winter blend');
    expect(notCounted!.textContent).toContain('Postback');
    expect(notCounted!.textContent).toContain('Not counted');
    expect(notCounted!.textContent).toContain('The click was before the click window');
    expect(waiting!.textContent).toContain('Waiting for the click');
    expect(screen.getByText('4 conversions')).toBeTruthy();
  });

  it('filters by status', async () => {
    const server = fakeConversionServer({
      conversions: [aConversion(2, { orderId: 'BOT-2', status: 'unattributed', reason: 'botReport', campaignName: null, campaignId: null }), aConversion(1, { orderId: 'OK-1' })],
    });
    await openDrawer();
    await showTab('Conversions');
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'unattributed' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('It was reported by a bot');
    expect(server.callsTo(PATHS.list).at(-1)!.query.get('status')).toBe('unattributed');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    expect(await screen.findByText('No conversions with this status.')).toBeTruthy();
  });

  it('pages through the conversions', async () => {
    const server = fakeConversionServer({ conversions: Array.from({ length: 25 }, (_, index) => aConversion(25 - index, { orderId: `P-${25 - index}` })) });
    await openDrawer();
    await showTab('Conversions');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText('1–20 of 25')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('list')).getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]!.textContent).toContain('P-5');
    expect(server.callsTo(PATHS.list).at(-1)!.query.get('page')).toBe('2');
  });

  it('explains how to install the tag when nothing was reported yet', async () => {
    fakeConversionServer();
    await openDrawer();
    await showTab('Conversions');

    expect(await screen.findByText(/No conversions yet. Add the tag to every page of your site/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show setup' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Setup' }).getAttribute('aria-selected')).toBe('true'));
  });
});

describe('conversion tracking: the button', () => {
  it('is offered to advertisers who read campaigns, and to no one else', async () => {
    fakeConversionServer();
    renderButton({ accountKind: 'publisher' });
    expect(screen.queryByRole('button', { name: 'Conversion tracking' })).toBeNull();
  });

  it('is not offered without the power to read campaigns', async () => {
    fakeConversionServer();
    renderButton({ powers: [] });
    expect(screen.queryByRole('button', { name: 'Conversion tracking' })).toBeNull();
  });
});
