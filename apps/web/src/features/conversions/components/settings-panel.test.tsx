import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { fakeConversionServer, openDrawer, PATHS, showTab } from '../test-helpers';

const clickWindow = () => screen.getByLabelText<HTMLInputElement>('Click window');
const viewWindow = () => screen.getByLabelText<HTMLInputElement>('View-through window');
const type = (value: string) => fireEvent.change(clickWindow(), { target: { value } });
const saves = (server: ReturnType<typeof fakeConversionServer>) => server.callsTo(PATHS.tag).filter((call) => call.method === 'POST');

describe('conversion tracking: settings', () => {
  it('saves the click window at the version read', async () => {
    const server = fakeConversionServer();
    await openDrawer();
    await showTab('Settings');

    expect(clickWindow().value).toBe('30');
    type('45');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The conversion settings are saved.')).toBeTruthy();
    expect(saves(server).map((call) => call.body)).toEqual([{ version: 1, clickWindowDays: 45, viewWindowDays: 0 }]);
    await waitFor(() => expect(clickWindow().value).toBe('45'));
  });

  it('turns view-through on within its limit, beside the click window', async () => {
    const server = fakeConversionServer();
    await openDrawer();
    await showTab('Settings');

    expect(viewWindow().value).toBe('0');
    fireEvent.change(viewWindow(), { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a number of days no larger than 30.');
    expect(viewWindow().getAttribute('aria-invalid')).toBe('true');
    expect(clickWindow().getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(viewWindow(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The conversion settings are saved.')).toBeTruthy();
    expect(saves(server).map((call) => call.body)).toEqual([{ version: 1, clickWindowDays: 30, viewWindowDays: 7 }]);
    await waitFor(() => expect(viewWindow().value).toBe('7'));
  });

  it('checks the window with the contract before sending it', async () => {
    const server = fakeConversionServer();
    await openDrawer();
    await showTab('Settings');

    type('120');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a number of days no larger than 90.');
    expect(clickWindow().getAttribute('aria-invalid')).toBe('true');

    type('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a number of days no smaller than 1.');

    type('2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a whole number of days.');
    expect(saves(server)).toHaveLength(0);
  });

  it("shows the server's field problem by the field", async () => {
    const server = fakeConversionServer();
    await openDrawer();
    await showTab('Settings');
    server.handle(PATHS.tag, (call) =>
      call.method === 'POST'
        ? json(400, { errorCode: 'VALIDATION_FAILED', error: 'Some fields are not valid.', fields: { clickWindowDays: 'Please enter a number no larger than 90.' } })
        : json(200, server.tag),
    );

    type('60');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a number of days no larger than 90.');
  });

  it('says clearly when someone else changed the settings, and reloads them', async () => {
    const server = fakeConversionServer();
    await openDrawer();
    await showTab('Settings');
    // Another user saved 14 days since the drawer loaded.
    Object.assign(server.tag, { clickWindowDays: 14, version: 2 });

    type('45');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone changed the conversion settings while you were editing/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(clickWindow().value).toBe('14'));
    expect(screen.queryByText(/Someone changed the conversion settings/)).toBeNull();
    type('45');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The conversion settings are saved.')).toBeTruthy();
    expect(saves(server).map((call) => call.body)).toEqual([
      { version: 1, clickWindowDays: 45, viewWindowDays: 0 },
      { version: 2, clickWindowDays: 45, viewWindowDays: 0 },
    ]);
  });

  it('shows a reader the window without letting them change it', async () => {
    fakeConversionServer();
    await openDrawer({ powers: ['campaign.read'] });
    await showTab('Settings');

    expect(clickWindow().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
