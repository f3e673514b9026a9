import { createStatusChange, profile as profileContract, updateProfile, type Profile, type StatusChange } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from '../../../shared/i18n/translate';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import { initI18n } from '../../../shared/i18n/i18n';
import { getSession } from '../../../shared/session';
import ProfilePage from './profile-page';

const aProfile = (overrides: Partial<Profile> = {}): Profile => ({
  name: 'Avery',
  email: 'advertiser@demo.test',
  phone: '',
  language: null,
  role: 'Advertiser',
  accountId: 1,
  accountName: 'Contoso Coffee',
  accountKind: 'advertiser',
  accountStatus: 'active',
  version: 3,
  ...overrides,
});

const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/changePassword', element: <p>Change password page</p> },
];

const renderProfile = (user: Parameters<typeof renderPages>[0]['user'] = {}, powers: Parameters<typeof renderPages>[0]['powers'] = ['request.create']) =>
  renderPages({ routes, path: '/profile', powers, user });

afterEach(async () => {
  await initI18n('en-US');
});

describe('ProfilePage', () => {
  it("shows the user's details and account, and links to Change password", async () => {
    fakeFetch({ ...fakeEndpoint(profileContract, () => aProfile({ phone: '13800138000', accountStatus: 'active' })) });
    const user = userEvent.setup();
    const { router } = renderProfile();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Avery');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Profile');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('advertiser@demo.test');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('13800138000');
    // None chosen: the language the console shows.
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en-US');
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Contoso Coffee')).toBeTruthy();
    expect(within(account).getByText('Advertiser')).toBeTruthy();
    expect(within(account).getByText('Active')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Change password' }));
    expect(router.state.location.pathname).toBe('/changePassword');
  });

  it("checks the fields by the contract's rules before saving", async () => {
    const net = fakeFetch({ ...fakeEndpoint(profileContract, () => aProfile()) });
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Bad\u202Ename');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Names cannot contain line breaks, control characters, invisible characters or text-direction marks.')).toBeTruthy();
    expect(net.callsTo(updateProfile.path)).toHaveLength(0);
  });

  it('saves name, phone and language with the version, and switches the console to the language at once', async () => {
    const net = fakeFetch({
      ...fakeEndpoint(profileContract, () => aProfile()),
      ...fakeEndpoint(updateProfile, (payload) => aProfile({ name: payload.name, phone: payload.phone, language: payload.language, version: 4 })),
    });
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Avery Chen ');
    await user.type(screen.getByLabelText('Phone'), '13800138000');
    await user.selectOptions(screen.getByLabelText('Language'), 'zh-CN');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The page now speaks Chinese: its heading and the saved toast.
    expect(await screen.findByRole('heading', { level: 1, name: '个人资料' })).toBeTruthy();
    expect(await screen.findByText('个人资料已保存')).toBeTruthy();
    expect(i18next.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(net.callsTo(updateProfile.path).map((call) => call.body)).toEqual([{ name: 'Avery Chen', phone: '13800138000', language: 'zh-CN', version: 3 }]);
    // The session holds the new name and language (the header, the next sign-in).
    expect(getSession()?.userInfo.userBasicInfo).toMatchObject({ name: 'Avery Chen', language: 'zh-CN' });
    // The form starts again from what was saved.
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('Avery Chen');
  });

  it('on a newer version (409) reloads the profile and says so', async () => {
    let version = 3;
    const net = fakeFetch({
      ...fakeEndpoint(profileContract, () => aProfile({ version, name: version === 3 ? 'Avery' : 'Avery (edited elsewhere)' })),
      [updateProfile.path]: () => {
        version = 5;
        return json(409, { errorCode: 'STALE_VERSION', error: 'This was changed by someone else. Reload and try again.' });
      },
    });
    const user = userEvent.setup();
    renderProfile();
    await user.type(await screen.findByLabelText('Phone'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findByText('Your profile was changed elsewhere meanwhile. It has been reloaded: check it and save again.')).closest('[role=alert]'),
    ).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Avery (edited elsewhere)'));
    expect(net.callsTo(profileContract.path)).toHaveLength(2);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('');
  });

  it("places the server's field problems under their fields", async () => {
    fakeFetch({
      ...fakeEndpoint(profileContract, () => aProfile()),
      [updateProfile.path]: () =>
        json(400, {
          errorCode: 'VALIDATION_FAILED',
          error: 'Some fields are not valid.',
          fields: { phone: 'Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.' },
        }),
    });
    const user = userEvent.setup();
    renderProfile();
    await user.type(await screen.findByLabelText('Phone'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ProfilePage: closing the account', () => {
  const aRequest = (reason: string): StatusChange => ({
    id: 7,
    kind: 'account.close',
    entity: 'account',
    entityId: 1,
    entityName: 'Contoso Coffee',
    fromStatus: 'active',
    toStatus: 'closed',
    entityStatus: 'active',
    accountId: 1,
    accountName: 'Contoso Coffee',
    accountKind: 'advertiser',
    status: 'pending',
    reason,
    decisionNote: null,
    requestedBy: { id: 1, name: 'Avery', email: 'advertiser@demo.test' },
    requestedAt: '2026-03-01T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    direct: false,
    version: 1,
  });

  it("files an account.close request for the own account with the requests feature's dialog", async () => {
    const net = fakeFetch({
      ...fakeEndpoint(profileContract, () => aProfile({ accountId: 12 })),
      ...fakeEndpoint(createStatusChange, (payload) => aRequest(payload.reason), { status: 201 }),
    });
    const user = userEvent.setup();
    renderProfile({ accountId: 12 });
    const section = await screen.findByRole('region', { name: 'Close account' });
    expect(within(section).getByText(/needs our team’s approval/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Request account closure' }));
    const reason = await screen.findByLabelText('Reason');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(net.callsTo(createStatusChange.path)).toHaveLength(0);
    await user.type(reason, 'We stop advertising.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await within(section).findByText('Your request to close the account was sent to our team.')).toBeTruthy();
    expect(net.callsTo(createStatusChange.path).map((call) => call.body)).toEqual([{ kind: 'account.close', entityId: 12, reason: 'We stop advertising.' }]);
    expect(within(section).queryByRole('button', { name: 'Request account closure' })).toBeNull();
  });

  it('is not offered without the power to file requests', async () => {
    fakeFetch({ ...fakeEndpoint(profileContract, () => aProfile()) });
    renderProfile({}, []);
    expect(await screen.findByText('Contoso Coffee')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Close account' })).toBeNull();
  });

  it('is not offered for a closed account', async () => {
    fakeFetch({ ...fakeEndpoint(profileContract, () => aProfile({ accountStatus: 'closed' })) });
    renderProfile();
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Close account' })).toBeNull();
  });

  it('is not shown to staff', async () => {
    fakeFetch({ ...fakeEndpoint(profileContract, () => aProfile({ role: 'MsInternal', accountKind: 'internal', accountName: 'Platform' })) });
    renderProfile({ role: 'MsInternal', accountKind: 'internal' }, ['request.create', 'request.review']);
    expect(await screen.findByText('Internal staff')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Close account' })).toBeNull();
  });
});
