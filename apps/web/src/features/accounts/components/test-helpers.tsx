import {
  accountDetail,
  accountList,
  addUser,
  ACCOUNT_TRANSITIONS,
  createAccount,
  resetPassword,
  setAccountStatus,
  setUserStatus,
  updateAccount,
  type AccountKind,
  type ManagedAccount,
  type ManagedAccountDetail,
  type ManagedUser,
  type Power,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import AdvertiserAccountsPage from '../pages/advertiser-accounts-page';
import InternalStaffPage from '../pages/internal-staff-page';
import PublisherAccountsPage from '../pages/publisher-accounts-page';

// Component tests of account management: a small in-memory server answering the contracts' calls
// (the real module is written against the same contracts), holding accounts and users as they change.

const NOW = '2026-11-20T10:00:00.000Z';

export const PATHS = {
  list: accountList.path,
  detail: accountDetail.path,
  create: createAccount.path,
  update: updateAccount.path,
  status: setAccountStatus.path,
  addUser: addUser.path,
  userStatus: setUserStatus.path,
  reset: resetPassword.path,
};

export const aUser = (id: number, accountId: number, overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id,
  accountId,
  name: `User ${id}`,
  email: `user${id}@example.com`,
  phone: '',
  role: 'Advertiser',
  status: 'active',
  mustChangePassword: false,
  lastSignInAt: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  version: 1,
  ...overrides,
});

export const anAccount = (id: number, overrides: Partial<ManagedAccountDetail> = {}): ManagedAccountDetail => ({
  id,
  kind: 'advertiser',
  name: `Account ${id}`,
  code: `ACC_${id}`,
  contactEmail: `contact${id}@example.com`,
  phone: '',
  registrationNumber: '',
  status: 'active',
  currency: 'USD',
  userCount: 1,
  activeUserCount: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  version: 1,
  users: [aUser(id * 10, id)],
  ...overrides,
});

const notFound = () => json(404, { errorCode: 'NOT_FOUND', error: 'The account was not found.' });
const stale = () => json(409, { errorCode: 'STALE_VERSION', error: 'The account was changed meanwhile.' });
export const ONE_TIME = 'Xk7mPq2RtW9a';

/** Accounts listed (by kind, search, status, sorted, paged) and changed as the server would. */
export function fakeAccountServer(initial: ManagedAccountDetail[] = []) {
  const accounts = structuredClone(initial);
  let nextId = 500;
  const find = (id: number) => accounts.find((account) => account.id === id);
  const userOf = (id: number) => accounts.flatMap((account) => account.users).find((user) => user.id === id);
  const counted = (account: ManagedAccountDetail) =>
    Object.assign(account, { userCount: account.users.length, activeUserCount: account.users.filter((user) => user.status === 'active').length });
  const listed = ({ users, ...account }: ManagedAccountDetail): ManagedAccount => (void users, account);
  const server = fakeFetch({
    ...fakeEndpoint(accountList, ({ kind, search, status, sort, order, page, pageSize }) => {
      let items = accounts.filter((account) => account.kind === kind);
      if (search) items = items.filter((account) => [account.name, account.code, account.contactEmail].some((text) => text.toLowerCase().includes(search.toLowerCase())));
      if (status?.length) items = items.filter((account) => status.includes(account.status));
      items = [...items].sort((a, b) => String(a[sort]).localeCompare(String(b[sort])) * (order === 'asc' ? 1 : -1));
      return { items: items.slice((page - 1) * pageSize, page * pageSize).map(listed), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(accountDetail, ({ id }) => find(id) ?? notFound()),
    ...fakeEndpoint(createAccount, ({ kind, user, ...details }) => {
      if (accounts.some((account) => account.code === details.code)) return json(409, { errorCode: 'NAME_TAKEN', error: 'This code is used.', fields: { code: 'Another account has this code.' } });
      const id = nextId++;
      const account = counted({ ...anAccount(id, { kind, ...details, createdAt: NOW, updatedAt: NOW }), users: [aUser(nextId++, id, { ...user, mustChangePassword: true, createdAt: NOW })] });
      accounts.push(account);
      return { result: account, oneTimePassword: ONE_TIME };
    }),
    ...fakeEndpoint(updateAccount, ({ id, version, ...details }) => {
      const account = find(id);
      if (!account) return notFound();
      if (account.version !== version) return stale();
      if (account.status === 'closed') return json(409, { errorCode: 'ACCOUNT_STATE', error: 'The account is closed.' });
      return Object.assign(account, details, { version: account.version + 1, updatedAt: NOW });
    }),
    ...fakeEndpoint(setAccountStatus, ({ id, version, action, confirm }) => {
      const account = find(id);
      if (!account) return notFound();
      if (account.version !== version) return stale();
      const move = ACCOUNT_TRANSITIONS[action];
      if (!move.from.includes(account.status)) return json(409, { errorCode: 'ACCOUNT_STATE', error: 'Not from this state.' });
      if (action === 'close' && confirm !== account.code) return json(400, { errorCode: 'VALIDATION_FAILED', error: 'Type the code.', fields: { confirm: 'Type the account code.' } });
      return Object.assign(account, { status: move.to, version: account.version + 1 });
    }),
    ...fakeEndpoint(addUser, ({ accountId, ...user }) => {
      const account = find(accountId);
      if (!account) return notFound();
      if (accounts.some((other) => other.users.some((known) => known.email === user.email)))
        return json(409, { errorCode: 'NAME_TAKEN', error: 'The email is used.', fields: { email: 'Another user has this email.' } });
      const added = aUser(nextId++, accountId, { ...user, mustChangePassword: true, createdAt: NOW });
      account.users.push(added);
      counted(account);
      return { result: added, oneTimePassword: ONE_TIME };
    }),
    ...fakeEndpoint(setUserStatus, ({ id, version, status }) => {
      const user = userOf(id);
      if (!user) return notFound();
      if (user.version !== version) return stale();
      Object.assign(user, { status, version: user.version + 1 });
      counted(find(user.accountId)!);
      return user;
    }),
    ...fakeEndpoint(resetPassword, ({ id, version }) => {
      const user = userOf(id);
      if (!user) return notFound();
      if (user.version !== version) return stale();
      Object.assign(user, { mustChangePassword: true, version: user.version + 1 });
      return { result: user, oneTimePassword: ONE_TIME };
    }),
  });
  return { ...server, accounts, find };
}

const STAFF: Power[] = ['account.read', 'account.write'];
const PAGES = { advertiser: AdvertiserAccountsPage, publisher: PublisherAccountsPage, internal: InternalStaffPage };
const ROUTES = { advertiser: 'advertiser', publisher: 'publisher', internal: 'msInternal' };

/** An account management page in a memory router, for a staff user who may write unless told. */
export function renderAccounts(query = '', { kind = 'advertiser' as AccountKind, powers = STAFF }: { kind?: AccountKind; powers?: Power[] } = {}) {
  const Page = PAGES[kind];
  const path = `/accountManagement/${ROUTES[kind]}`;
  return renderPages({
    routes: [{ path, element: <Page /> }],
    path: `${path}${query}`,
    powers,
    user: { role: 'MsInternal', accountKind: 'internal', accountId: 9, accountName: 'Ads Platform Operations', email: 'staff@demo.test' },
  });
}

/** The input of the antd form item labelled `label` (antd's ids are all the same under test). */
export function inputLabelled(container: HTMLElement, label: string): HTMLInputElement {
  const item = [...container.querySelectorAll<HTMLElement>('.ant-form-item')].find((element) => element.querySelector('.ant-form-item-label')?.textContent === label);
  const input = item?.querySelector<HTMLInputElement>('input');
  if (!input) throw new Error(`no field labelled ${label}`);
  return input;
}

/** The messages shown under the form item labelled `label`. */
export function errorsOf(container: HTMLElement, label: string): string {
  const item = inputLabelled(container, label).closest('.ant-form-item')!;
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent).join(' ');
}

export { dialogTitled } from '../../../test/fixtures';
export { searchOf } from '../../../test/render';
