import { accountOptions, publishAnnouncement, ROLE_NAMES, type Power } from '@ads/contracts';
import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, PATHS, renderActionCenter } from '../test-helpers';
import { AUDIENCE_ROLES } from './announcement-modal';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const STAFF: Power[] = ['notification.read', 'notification.publish', 'account.read'];

/** The visible option of an open Select (its accessible twin only carries the value). */
const visibleOption = (label: string) =>
  waitFor(() => {
    const option = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!option) throw new Error(`no option ${label}`);
    return option;
  });

async function openForm() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Action Center/ }));
  await user.click(await screen.findByRole('button', { name: 'New announcement' }));
  const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
  return { user, dialog };
}

describe('New announcement', () => {
  it('spells out the contracts it calls without loading them', () => {
    expect(PATHS.publish).toBe(publishAnnouncement.path);
    expect(PATHS.accountOptions).toBe(accountOptions.path);
    expect(AUDIENCE_ROLES).toEqual(ROLE_NAMES);
  });

  it('is offered only to users with the notification.publish power', async () => {
    fakeServer();
    renderActionCenter({ powers: ['notification.read'] });
    await userEvent.click(screen.getByRole('button', { name: 'Action Center' }));
    await screen.findByRole('tab', { name: /Notifications/ });
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
  });

  it('asks for the title and the message before calling the server', async () => {
    const server = fakeServer();
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the message')).toBeTruthy();
    expect(server.callsTo(PATHS.publish)).toHaveLength(0);
  });

  it('publishes to everyone now, toasts the number of recipients and reloads the notifications', async () => {
    const server = fakeServer();
    server.handle(PATHS.publish, () => json(201, { id: 9, recipients: 42, toSentAt: null }));
    renderActionCenter({ powers: STAFF });
    await waitFor(() => expect(server.callsTo(PATHS.list)).toHaveLength(1));
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), '  Maintenance  ');
    await user.type(within(dialog).getByLabelText('Message'), 'Sunday 02:00–04:00 UTC');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Announcement published to 42 users')).toBeTruthy();
    expect(server.callsTo(PATHS.publish).map((call) => call.body)).toEqual([
      { title: 'Maintenance', content: 'Sunday 02:00–04:00 UTC', audience: { kind: 'all' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New announcement' })).toBeNull());
    // Popup open (1 more) and the invalidation after publishing (1 more).
    await waitFor(() => expect(server.callsTo(PATHS.list).length).toBeGreaterThanOrEqual(3));
  });

  it('adds a Chinese version on request, checks it like the English one and sends it as zh', async () => {
    const server = fakeServer();
    server.handle(PATHS.publish, () => json(400, { errorCode: 'VALIDATION_FAILED', error: 'Invalid', fields: { 'zh.content': 'At most 2000 characters' } }));
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    expect(within(dialog).queryByLabelText('Title (Chinese)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Maintenance');
    await user.type(within(dialog).getByLabelText('Message'), 'Sunday');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add a Chinese version' }));
    expect(within(dialog).getByText('Readers using Chinese see this version; everyone else sees the English one.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeTruthy();
    expect(server.callsTo(PATHS.publish)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title (Chinese)'), ' 维护 ');
    await user.type(within(dialog).getByLabelText('Message (Chinese)'), '周日');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // The server's error on the Chinese message lands on that field.
    expect(await within(dialog).findByText('At most 2000 characters')).toBeTruthy();
    expect(server.callsTo(PATHS.publish).map((call) => call.body)).toEqual([
      { title: 'Maintenance', content: 'Sunday', zh: { title: '维护', content: '周日' }, audience: { kind: 'all' } },
    ]);
  });

  it('searches accounts on the server and puts the server\'s field errors on the matching fields', async () => {
    const server = fakeServer();
    server.handle(PATHS.accountOptions, ({ query }) =>
      json(200, {
        items: [
          { id: 7, name: 'Contoso Coffee', kind: 'advertiser', status: 'active' },
          { id: 8, name: 'Contoso News', kind: 'publisher', status: 'active' },
        ].filter((item) => item.name.includes(query.get('search') ?? '')),
      }),
    );
    server.handle(PATHS.publish, () =>
      json(400, {
        errorCode: 'VALIDATION_FAILED',
        error: 'Some fields are not valid.',
        fields: { title: 'This title is already in use', 'audience.accountIds': 'Account 8 is closed' },
      }),
    );
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Message'), 'World');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen accounts' }));

    const picker = within(dialog).getByRole('combobox', { name: 'Accounts' });
    await user.click(picker);
    await user.type(picker, 'News');
    await waitFor(() => expect(server.callsTo(PATHS.accountOptions).some((call) => call.query.get('search') === 'News')).toBe(true));
    const option = await visibleOption('Contoso News');
    expect(option.textContent).toBe('Contoso NewsPublisher');
    await user.click(option);

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('This title is already in use')).toBeTruthy();
    expect(within(dialog).getByText('Account 8 is closed')).toBeTruthy();
    expect(server.callsTo(PATHS.publish).map((call) => call.body)).toEqual([
      { title: 'Hello', content: 'World', audience: { kind: 'accounts', accountIds: [8] } },
    ]);
    // Each message sits under its own field.
    expect(within(dialog).getByLabelText('Title').closest('.ant-form-item')!.textContent).toContain('This title is already in use');
    expect(picker.closest('.ant-form-item')!.textContent).toContain('Account 8 is closed');
    expect(within(dialog).queryByRole('alert', { name: /could not be published/ })).toBeNull();
  });

  it('shows other failures inside the form', async () => {
    const server = fakeServer();
    server.fail(PATHS.publish);
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), 'Hello');
    await user.type(within(dialog).getByLabelText('Message'), 'World');
    await user.click(within(dialog).getByRole('radio', { name: 'A role' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await visibleOption('Publishers'));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('The announcement could not be published')).toBeTruthy();
    expect(within(dialog).getByText('Something went wrong on the server.')).toBeTruthy();
    expect(server.callsTo(PATHS.publish).map((call) => call.body)).toEqual([
      { title: 'Hello', content: 'World', audience: { kind: 'role', role: 'Publisher' } },
    ]);
  });

  it('schedules for a set time (sent with its offset) and toasts when it will go out', async () => {
    const server = fakeServer();
    const at = dayjs('2099-03-01 10:30');
    server.handle(PATHS.publish, () => json(201, { id: 10, recipients: 5, toSentAt: at.toISOString() }));
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), 'Later');
    await user.type(within(dialog).getByLabelText('Message'), 'Soon');
    await user.click(within(dialog).getByRole('radio', { name: 'At a set time' }));
    await user.type(within(dialog).getByLabelText('Send at'), '2099-03-01 10:30{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Announcement scheduled for 2099-03-01 10:30')).toBeTruthy();
    expect(server.callsTo(PATHS.publish).map((call) => call.body)).toEqual([
      { title: 'Later', content: 'Soon', audience: { kind: 'all' }, toSentAt: at.format() },
    ]);
  });

  it('asks before throwing away what was typed', async () => {
    fakeServer();
    renderActionCenter({ powers: STAFF });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Title'), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New announcement' })).toBeNull());
  });
});
