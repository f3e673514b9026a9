import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount, aUser, dialogTitled, errorsOf, fakeAccountServer, inputLabelled, ONE_TIME, PATHS, renderAccounts, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// An antd drawer and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const acme = anAccount(1, { name: 'Acme Coffee', code: 'ACME', contactEmail: 'ops@acme.test', userCount: 2, activeUserCount: 1, version: 4 });
const bravo = anAccount(2, { name: 'Bravo Books', code: 'BRAVO', status: 'suspended' });
const paper = anAccount(3, { name: 'Paper Cranes', kind: 'publisher', code: 'CRANE' });
const lastQuery = (server: ReturnType<typeof fakeAccountServer>) => Object.fromEntries(server.callsTo(PATHS.list).at(-1)!.query);

describe('Account management: the list', SLOW, () => {
  it('lists the page’s kind with status and users; search, status, sort and page live in the URL', async () => {
    const many = Array.from({ length: 23 }, (_, index) => anAccount(100 + index, { name: `Zeta ${String(index).padStart(2, '0')}`, code: `Z${index}` }));
    const server = fakeAccountServer([acme, bravo, paper, ...many]);
    const { router } = renderAccounts();
    expect(await screen.findByRole('heading', { name: 'Advertiser accounts', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Acme Coffee' }, LONG)).toBeTruthy();
    expect(lastQuery(server)).toEqual({ kind: 'advertiser', sort: 'name', order: 'asc', page: '1', pageSize: '20' });
    expect(screen.queryByText('Paper Cranes')).toBeNull();
    const row = screen.getByRole('button', { name: 'Acme Coffee' }).closest('tr')!;
    expect(within(row).getByText('ACME')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('1 active of 2')).toBeTruthy();
    expect(within(row).getByText('ops@acme.test')).toBeTruthy();
    expect(screen.getByText('25 accounts')).toBeTruthy();

    await userEvent.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(searchOf(router)).toEqual({ page: '2' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ page: '2' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    // A new filter lists from the first page.
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'suspended' }));
    expect(await screen.findByRole('button', { name: 'Bravo Books' }, LONG)).toBeTruthy();
    expect(lastQuery(server)).toMatchObject({ status: 'suspended', page: '1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'acme{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'acme' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ search: 'acme' }));
    await waitFor(() => expect(screen.queryByText('Bravo Books')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'acme', sort: 'createdAt' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sort: 'createdAt', order: 'asc' }));
  });

  it('reads its view from the URL, and says when nothing matches', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts('?q=nothing&status=closed&sort=code&order=desc&pageSize=50');
    expect(await screen.findByText('No accounts match these filters.', undefined, LONG)).toBeTruthy();
    expect(lastQuery(server)).toEqual({ kind: 'advertiser', search: 'nothing', status: 'closed', sort: 'code', order: 'desc', page: '1', pageSize: '50' });
  });

  it('lists publishers and staff on their own pages', async () => {
    const server = fakeAccountServer([acme, paper]);
    renderAccounts('', { kind: 'publisher' });
    expect(await screen.findByRole('button', { name: 'Paper Cranes' }, LONG)).toBeTruthy();
    expect(screen.queryByText('Acme Coffee')).toBeNull();
    expect(lastQuery(server)).toMatchObject({ kind: 'publisher' });
  });

  it('offers no New account to a reader', async () => {
    fakeAccountServer([acme]);
    renderAccounts('', { powers: ['account.read'] });
    expect(await screen.findByRole('button', { name: 'Acme Coffee' }, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New account/ })).toBeNull();
  });
});

describe('Account management: creating an account', SLOW, () => {
  it('checks the fields with the contract’s rules, then shows the first user’s one-time password once', async () => {
    const server = fakeAccountServer([acme]);
    const { router } = renderAccounts();
    await userEvent.click(await screen.findByRole('button', { name: /New account/ }, LONG));
    const dialog = await dialogTitled('New advertiser account');
    await userEvent.type(inputLabelled(dialog, 'Company name'), 'Delta Drinks');
    await userEvent.type(inputLabelled(dialog, 'Account code'), 'delta drinks');
    await userEvent.type(inputLabelled(dialog, 'Contact email'), 'not-an-email');
    await userEvent.type(inputLabelled(dialog, 'Phone'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(errorsOf(dialog, 'Account code')).toBe('Use letters, digits and underscores only.'));
    expect(errorsOf(dialog, 'Contact email')).toBe('Please enter a valid email address, like name@example.com.');
    expect(errorsOf(dialog, 'Phone')).toContain('11-digit mobile number');
    expect(server.callsTo(PATHS.create)).toHaveLength(0);

    await userEvent.clear(inputLabelled(dialog, 'Account code'));
    await userEvent.type(inputLabelled(dialog, 'Account code'), 'DELTA_1');
    await userEvent.clear(inputLabelled(dialog, 'Contact email'));
    await userEvent.type(inputLabelled(dialog, 'Contact email'), 'hello@delta.test');
    await userEvent.clear(inputLabelled(dialog, 'Phone'));
    await userEvent.type(inputLabelled(dialog, 'Name'), 'Dana Delta');
    await userEvent.type(inputLabelled(dialog, 'Email'), 'dana@delta.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(server.callsTo(PATHS.create)).toHaveLength(1));
    expect(server.callsTo(PATHS.create)[0]!.body).toEqual({
      kind: 'advertiser',
      name: 'Delta Drinks',
      code: 'DELTA_1',
      contactEmail: 'hello@delta.test',
      phone: '',
      registrationNumber: '',
      user: { name: 'Dana Delta', email: 'dana@delta.test', phone: '' },
    });

    const shown = await dialogTitled('One-time password');
    expect(within(shown).getByText(ONE_TIME)).toBeTruthy();
    expect(within(shown).getByText(/Dana Delta must choose their own password at the next sign-in/)).toBeTruthy();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(shown).getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(ONE_TIME);
    expect(await within(shown).findByRole('button', { name: /Copied/ })).toBeTruthy();

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(ONE_TIME)).toBeNull());
    // The new account's drawer opens; the password is nowhere to be shown again.
    await waitFor(() => expect(searchOf(router)).toEqual({ account: '500' }));
    expect(await dialogTitled('Delta Drinks')).toBeTruthy();
    expect(screen.queryByText(ONE_TIME)).toBeNull();
  });

  it('shows the server’s field errors next to their fields', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts();
    await userEvent.click(await screen.findByRole('button', { name: /New account/ }, LONG));
    const dialog = await dialogTitled('New advertiser account');
    await userEvent.type(inputLabelled(dialog, 'Company name'), 'Acme Again');
    await userEvent.type(inputLabelled(dialog, 'Account code'), 'ACME');
    await userEvent.type(inputLabelled(dialog, 'Contact email'), 'again@acme.test');
    await userEvent.type(inputLabelled(dialog, 'Name'), 'Al');
    await userEvent.type(inputLabelled(dialog, 'Email'), 'al@acme.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(server.callsTo(PATHS.create)).toHaveLength(1));
    await waitFor(() => expect(errorsOf(dialog, 'Account code')).toBe('Another account has this code.'));
    expect(screen.queryByText('One-time password')).toBeNull();
  });
});

describe('Account management: the drawer', SLOW, () => {
  it('opens from the URL, saves details, and says clearly when someone else saved first', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts('?account=1');
    const drawer = await dialogTitled('Acme Coffee');
    await waitFor(() => expect(inputLabelled(drawer, 'Company name').value).toBe('Acme Coffee'));
    await userEvent.clear(inputLabelled(drawer, 'Registration number'));
    await userEvent.type(inputLabelled(drawer, 'Registration number'), '12a');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(errorsOf(drawer, 'Registration number')).toBe('Use digits only.'));
    expect(server.callsTo(PATHS.update)).toHaveLength(0);

    await userEvent.clear(inputLabelled(drawer, 'Registration number'));
    await userEvent.type(inputLabelled(drawer, 'Registration number'), '9876');
    // Someone else saves meanwhile.
    Object.assign(server.find(1)!, { name: 'Acme Coffee Ltd', version: 5 });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.callsTo(PATHS.update)).toHaveLength(1));
    expect(server.callsTo(PATHS.update)[0]!.body).toMatchObject({ id: 1, version: 4, registrationNumber: '9876' });
    expect(await within(drawer).findByText('Someone else changed this account meanwhile.')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(inputLabelled(drawer, 'Company name').value).toBe('Acme Coffee Ltd'));

    await userEvent.clear(inputLabelled(drawer, 'Registration number'));
    await userEvent.type(inputLabelled(drawer, 'Registration number'), '9876');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details of “Acme Coffee Ltd” saved', undefined, LONG)).toBeTruthy();
    expect(server.callsTo(PATHS.update).at(-1)!.body).toMatchObject({ version: 5, registrationNumber: '9876' });
  });

  it('shows the server’s field messages under the detail fields', async () => {
    const server = fakeAccountServer([acme]);
    server.handle(PATHS.update, () =>
      new Response(JSON.stringify({ errorCode: 'VALIDATION_FAILED', error: 'Invalid.', fields: { contactEmail: 'Please enter a valid email address, like name@example.com.' } }), { status: 400 }),
    );
    renderAccounts('?account=1');
    const drawer = await dialogTitled('Acme Coffee');
    await waitFor(() => expect(inputLabelled(drawer, 'Company name').value).toBe('Acme Coffee'));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(errorsOf(drawer, 'Contact email')).toBe('Please enter a valid email address, like name@example.com.'));
  });

  it('suspends after saying its users are signed out at once; reactivates', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts('?account=1');
    const drawer = await dialogTitled('Acme Coffee');
    expect(within(drawer).queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reactivate' })).toBeNull();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Suspend' }));
    const confirm = await dialogTitled('Suspend “Acme Coffee”?');
    expect(within(confirm).getByText(/signed out at once/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(server.callsTo(PATHS.status)).toHaveLength(1));
    expect(server.callsTo(PATHS.status)[0]!.body).toEqual({ id: 1, version: 4, action: 'suspend' });
    expect(await screen.findByText('“Acme Coffee” suspended', undefined, LONG)).toBeTruthy();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Reactivate' }, LONG));
    await waitFor(() => expect(server.callsTo(PATHS.status)).toHaveLength(2));
    expect(server.callsTo(PATHS.status)[1]!.body).toEqual({ id: 1, version: 5, action: 'reactivate' });
    expect(await within(drawer).findByRole('button', { name: 'Suspend' }, LONG)).toBeTruthy();
  });

  it('closes only once the account code is typed', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts('?account=1');
    const drawer = await dialogTitled('Acme Coffee');
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Close account…' }));
    const dialog = await dialogTitled('Close “Acme Coffee”?');
    const ok = within(dialog).getByRole('button', { name: 'Close account' });
    expect(ok).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByRole('textbox'), 'ACM');
    expect(ok).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByRole('textbox'), 'E');
    expect(ok).toHaveProperty('disabled', false);
    await userEvent.click(ok);
    await waitFor(() => expect(server.callsTo(PATHS.status)).toHaveLength(1));
    expect(server.callsTo(PATHS.status)[0]!.body).toEqual({ id: 1, version: 4, action: 'close', confirm: 'ACME' });
    expect(await within(drawer).findByText('This account is closed: its users cannot sign in.', undefined, LONG)).toBeTruthy();
    // A closed account keeps its data, unchangeable.
    expect(within(drawer).queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Add user/ })).toBeNull();
  });

  it('disables and re-enables a user, resets a password shown once, and offers nothing on the staff’s own user', async () => {
    const staffAccount = anAccount(9, {
      kind: 'internal',
      name: 'Ads Platform Operations',
      code: 'OPS',
      users: [aUser(90, 9, { name: 'Me Myself', email: 'staff@demo.test', role: 'MsInternal' }), aUser(91, 9, { name: 'Colleague', role: 'MsInternal', version: 3 })],
    });
    const server = fakeAccountServer([staffAccount]);
    renderAccounts('?account=9', { kind: 'internal' });
    const drawer = await dialogTitled('Ads Platform Operations');
    const users = within(await within(drawer).findByRole('region', { name: 'Users of this account' }));
    const rowOf = (name: string) => within(users.getByText(name).closest('tr')!);
    expect(rowOf('Me Myself').getByText('You')).toBeTruthy();
    expect(rowOf('Me Myself').queryByRole('button')).toBeNull();

    await userEvent.click(rowOf('Colleague').getByRole('button', { name: 'Disable' }));
    const confirm = await dialogTitled('Disable Colleague?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.callsTo(PATHS.userStatus)).toHaveLength(1));
    expect(server.callsTo(PATHS.userStatus)[0]!.body).toEqual({ id: 91, version: 3, status: 'disabled' });
    expect(await screen.findByText('Colleague disabled', undefined, LONG)).toBeTruthy();
    await userEvent.click(await rowOf('Colleague').findByRole('button', { name: 'Re-enable' }, LONG));
    await waitFor(() => expect(server.callsTo(PATHS.userStatus)).toHaveLength(2));
    expect(server.callsTo(PATHS.userStatus)[1]!.body).toEqual({ id: 91, version: 4, status: 'active' });

    await userEvent.click(await rowOf('Colleague').findByRole('button', { name: 'Reset password' }, LONG));
    const ask = await dialogTitled('Reset the password of Colleague?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(server.callsTo(PATHS.reset)).toHaveLength(1));
    const shown = await dialogTitled('One-time password');
    expect(within(shown).getByText(ONE_TIME)).toBeTruthy();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(ONE_TIME)).toBeNull());
    expect(await rowOf('Colleague').findByText('Must change password', undefined, LONG)).toBeTruthy();
  });

  it('says why the server refused a user change (the last staff user)', async () => {
    const server = fakeAccountServer([anAccount(9, { kind: 'internal', name: 'Ops', code: 'OPS', users: [aUser(91, 9, { name: 'Colleague', role: 'MsInternal' })] })]);
    server.handle(PATHS.userStatus, () => new Response(JSON.stringify({ errorCode: 'LAST_STAFF', error: 'Last staff.' }), { status: 409 }));
    renderAccounts('?account=9', { kind: 'internal' });
    const drawer = await dialogTitled('Ops');
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Disable' }, LONG));
    await userEvent.click(within(await dialogTitled('Disable Colleague?')).getByRole('button', { name: 'Disable' }));
    expect(await within(drawer).findByText('This is the last active staff user: it cannot be disabled.', undefined, LONG)).toBeTruthy();
  });

  it('adds a user and shows their one-time password once', async () => {
    const server = fakeAccountServer([acme]);
    renderAccounts('?account=1');
    const drawer = await dialogTitled('Acme Coffee');
    await userEvent.click(await within(drawer).findByRole('button', { name: /Add user/ }, LONG));
    const form = within(drawer).getByRole('region', { name: 'Add a user' });
    await userEvent.type(inputLabelled(form, 'Name'), 'Nina New');
    await userEvent.type(inputLabelled(form, 'Email'), 'user10@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    // The email is taken: the server says so under the field.
    await waitFor(() => expect(errorsOf(form, 'Email')).toBe('Another user has this email.'));
    await userEvent.clear(inputLabelled(form, 'Email'));
    await userEvent.type(inputLabelled(form, 'Email'), 'nina@acme.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Add user' }));
    const shown = await dialogTitled('One-time password');
    expect(within(shown).getByText(ONE_TIME)).toBeTruthy();
    expect(server.callsTo(PATHS.addUser).at(-1)!.body).toEqual({ accountId: 1, name: 'Nina New', email: 'nina@acme.test', phone: '' });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await within(drawer).findByText('Nina New', undefined, LONG)).toBeTruthy();
  });
});
