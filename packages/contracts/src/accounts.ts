import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import {
  ACCOUNT_ACTIONS,
  ACCOUNT_CODE_MAX,
  ACCOUNT_NAME_MAX,
  ACCOUNT_SORT_FIELDS,
  EMAIL_MAX,
  REGISTRATION_NUMBER_MAX,
  USER_NAME_MAX,
} from './accounts-constants';
import { ACCOUNT_KINDS, ACCOUNT_STATUSES, ROLE_NAMES, USER_STATUSES } from './identity';
import { pageOf } from './lists';
import { commaListSchema, dbId, dbVersion, nameSchema, queryDbId, queryDbInt, searchSchema } from './schema-kit';
import { isDigits, isEmail, isIdentifier, isPhone } from './validators';

export const accountOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  status: z.enum(ACCOUNT_STATUSES),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/** For pickers (e.g. an announcement's audience, the reports' account): accounts by name, at most 20. */
export const accountOptions = defineEndpoint('identity.accountOptions', {
  summary: 'Accounts whose name contains the search text, or the one account of an id (a picker naming its choice), for pickers (at most 20)',
  tag: 'User',
  request: z.object({
    search: searchSchema(100).optional(),
    kind: z.enum(ACCOUNT_KINDS).optional(),
    /** Only this account (a picker opened on a chosen one shows its name). */
    id: queryDbId.optional(),
  }),
  response: z.object({ items: z.array(accountOptionSchema) }),
});

// ---- Account management (staff: accountManagement/advertiser, /publisher, /msInternal) ----------
// Staff keep the accounts and their users: create an account with its first user, edit its details,
// move it through its states, add users, disable and re-enable them, reset a password. A new user
// and a reset password get a one-time password, answered once (staff pass it on); its user must
// choose their own at the next sign-in (identity.changePassword). Validators are the seed's
// (validators.ts), the same on both sides.

const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters.`)
  .refine(isEmail, 'Please enter a valid email address, like name@example.com.');
const phoneField = z
  .string()
  .trim()
  .refine((value) => value === '' || isPhone(value), 'Please enter an 11-digit mobile number starting with 13, 14, 15, 17 or 18.');
const codeField = z
  .string()
  .trim()
  .min(1, 'Please enter the account code.')
  .max(ACCOUNT_CODE_MAX, `At most ${ACCOUNT_CODE_MAX} characters.`)
  .refine(isIdentifier, 'Use letters, digits and underscores only.');
const registrationField = z
  .string()
  .trim()
  .max(REGISTRATION_NUMBER_MAX, `At most ${REGISTRATION_NUMBER_MAX} digits.`)
  .refine(isDigits, 'Use digits only.');

/** An account's details, as staff edit them. Empty phone and registration number mean none. */
export const accountDetailsFields = z.object({
  name: nameSchema(ACCOUNT_NAME_MAX, 'Please enter the company name.'),
  code: codeField,
  contactEmail: emailField,
  phone: phoneField,
  registrationNumber: registrationField,
});
export type AccountDetailsInput = z.input<typeof accountDetailsFields>;

/** A user as staff add one: the role is the account kind's (ROLE_BY_ACCOUNT_KIND). */
export const newUserFields = z.object({
  name: nameSchema(USER_NAME_MAX, "Please enter the user's name."),
  email: emailField,
  phone: phoneField,
});
export type NewUserInput = z.input<typeof newUserFields>;

export const managedUserSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Empty when none. */
  phone: z.string(),
  role: z.enum(ROLE_NAMES),
  status: z.enum(USER_STATUSES),
  /** Signed in with a one-time password that is still to be replaced. */
  mustChangePassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedAccountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACCOUNT_KINDS),
  name: z.string(),
  code: z.string(),
  contactEmail: z.string(),
  phone: z.string(),
  registrationNumber: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  currency: z.string(),
  userCount: z.number().int(),
  activeUserCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ManagedAccount = z.infer<typeof managedAccountSchema>;

export const managedAccountDetailSchema = managedAccountSchema.extend({ users: z.array(managedUserSchema) });
export type ManagedAccountDetail = z.infer<typeof managedAccountDetailSchema>;

export const accountListQuerySchema = z.object({
  kind: z.enum(ACCOUNT_KINDS),
  /** Name, code or contact email contains it; or a user's email. */
  search: searchSchema(EMAIL_MAX).optional(),
  status: commaListSchema(ACCOUNT_STATUSES).optional(),
  sort: z.enum(ACCOUNT_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const accountList = defineEndpoint('accounts.accountList', {
  summary: 'Accounts of one kind, searched, filtered by status, sorted and paged (staff)',
  tag: 'User',
  request: accountListQuerySchema,
  response: pageOf(managedAccountSchema),
});

export const accountDetail = defineEndpoint('accounts.accountDetail', {
  summary: 'One account with its users (staff)',
  tag: 'User',
  request: z.object({ id: queryDbId }),
  response: managedAccountDetailSchema,
});

const withOneTimePassword = <T extends z.ZodType>(schema: T) => z.object({ result: schema, oneTimePassword: z.string() });

export const createAccount = defineEndpoint('accounts.createAccount', {
  summary:
    'Creates an active account of a kind with its first user, who gets a one-time password (answered once); 409 NAME_TAKEN when the code or the email is used',
  tag: 'User',
  request: accountDetailsFields.extend({ kind: z.enum(ACCOUNT_KINDS), user: newUserFields }),
  response: withOneTimePassword(managedAccountDetailSchema),
});

export const updateAccount = defineEndpoint('accounts.updateAccount', {
  summary: "Saves an account's details; 409 STALE_VERSION, 409 NAME_TAKEN when the code is used, 409 ACCOUNT_STATE when closed",
  tag: 'User',
  request: accountDetailsFields.extend({ id: dbId, version: dbVersion }),
  response: managedAccountDetailSchema,
});

export const setAccountStatus = defineEndpoint('accounts.setAccountStatus', {
  summary:
    "Activates, suspends, reactivates or closes an account (closing: `confirm` is the account's code); suspending or closing ends its users' sessions at once; 409 STALE_VERSION, 409 ACCOUNT_STATE",
  tag: 'User',
  request: z.object({ id: dbId, version: dbVersion, action: z.enum(ACCOUNT_ACTIONS), confirm: z.string().max(ACCOUNT_CODE_MAX).optional() }),
  response: managedAccountDetailSchema,
});

export const addUser = defineEndpoint('accounts.addUser', {
  summary: "Adds a user to an account (the kind's role), with a one-time password answered once; 409 NAME_TAKEN when the email is used, 409 ACCOUNT_STATE when closed",
  tag: 'User',
  request: newUserFields.extend({ accountId: dbId }),
  response: withOneTimePassword(managedUserSchema),
});

export const setUserStatus = defineEndpoint('accounts.setUserStatus', {
  summary:
    "Disables or re-enables a user (disabling ends their sessions); 409 SELF_CHANGE for one's own user, 409 LAST_STAFF for the last active staff user, 409 STALE_VERSION",
  tag: 'User',
  request: z.object({ id: dbId, version: dbVersion, status: z.enum(USER_STATUSES) }),
  response: managedUserSchema,
});

export const resetPassword = defineEndpoint('accounts.resetPassword', {
  summary: "Gives a user a new one-time password (answered once) and ends their sessions; they choose their own at the next sign-in; 409 SELF_CHANGE for one's own",
  tag: 'User',
  request: z.object({ id: dbId, version: dbVersion }),
  response: withOneTimePassword(managedUserSchema),
});
