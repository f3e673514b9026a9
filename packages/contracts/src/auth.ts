import { z } from 'zod';
import { dbVersion } from './schema-kit';
import { defineEndpoint } from './endpoint';
import { newUserFields } from './accounts';
import { EMAIL_MAX } from './accounts-constants';
import { ACCOUNT_KINDS, ROLE_NAMES } from './identity';
import { NOTIFICATION_LANGUAGES } from './notification-types';
import { EMAIL_PATTERN } from './validators';

export const menuEntrySchema = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  url: z.string(),
  title: z.string(),
  icon: z.string(),
  sorts: z.number().int(),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

export const userBasicInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountKind: z.enum(ACCOUNT_KINDS),
  /**
   * ISO 4217: the account's budgets, bids and spend are in its minor units. The server always sends
   * it; a session stored by an older console lacks it (read DEFAULT_CURRENCY then).
   */
  currency: z.string().optional(),
  /** Signed in with a one-time password: the console asks for a password of their own before anything else. */
  mustChangePassword: z.boolean().optional(),
  /** The language chosen in the profile; absent until the user chooses one (the console keeps its own then). */
  language: z.enum(NOTIFICATION_LANGUAGES).optional(),
});
export type UserBasicInfo = z.infer<typeof userBasicInfoSchema>;

export const userInfoSchema = z.object({
  roles: z.array(z.object({ name: z.string() })),
  menus: z.array(menuEntrySchema),
  powers: z.array(z.object({ code: z.string() })),
  userBasicInfo: userBasicInfoSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Email is too long')
    .regex(EMAIL_PATTERN, 'Please enter a valid email'),
  password: z.string().min(1, 'Please enter your password').max(256, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string(), userInfo: userInfoSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const login = defineEndpoint('identity.login', {
  summary: 'Sign in with email and password; answers a session token and the user info',
  tag: 'User',
  request: loginRequestSchema,
  response: loginResponseSchema,
});

export const logout = defineEndpoint('identity.logout', {
  summary: 'End the current session on the server',
  tag: 'User',
  request: z.object({}),
  response: okSchema,
});

export const userInfo = defineEndpoint('identity.userInfo', {
  summary: 'The signed-in user: roles, menus, powers and basic info (menu delivery)',
  tag: 'User',
  request: z.object({}),
  response: userInfoSchema,
});

/** A password a user chooses: long enough, and not only letters or only digits. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`)
  .refine((value) => /[A-Za-z]/.test(value) && /[0-9]/.test(value), 'Use letters and digits.');

export const changePassword = defineEndpoint('identity.changePassword', {
  summary:
    "Replaces the signed-in user's password (a one-time one, or their own); the current one must be given; ends the user's other sessions; 400 VALIDATION_FAILED naming currentPassword when it is wrong",
  tag: 'User',
  request: z
    .object({ currentPassword: z.string().min(1, 'Please enter your current password.').max(PASSWORD_MAX), newPassword: newPasswordSchema })
    .refine((value) => value.newPassword !== value.currentPassword, { path: ['newPassword'], message: 'Choose a password other than the current one.' }),
  response: z.object({}),
});

// ---- Profile (the header's user menu) and a forgotten password --------------------------------

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** Empty when none. */
  phone: z.string(),
  /** Null until chosen: the console keeps the language it shows. */
  language: z.enum(NOTIFICATION_LANGUAGES).nullable(),
  role: z.enum(ROLE_NAMES),
  accountId: z.number().int(),
  accountName: z.string(),
  accountKind: z.enum(ACCOUNT_KINDS),
  accountStatus: z.string(),
  version: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profile = defineEndpoint('identity.profile', {
  summary: "The signed-in user's profile",
  tag: 'User',
  request: z.object({}),
  response: profileSchema,
});

export const profileFields = newUserFields.pick({ name: true, phone: true }).extend({ language: z.enum(NOTIFICATION_LANGUAGES) });
export type ProfileInput = z.input<typeof profileFields>;

export const updateProfile = defineEndpoint('identity.updateProfile', {
  summary: "Saves the signed-in user's name, phone and language (the email is their sign-in, changed by staff); 409 STALE_VERSION",
  tag: 'User',
  request: profileFields.extend({ version: dbVersion }),
  response: profileSchema,
});

/**
 * "Forgot password?": files a reset request that staff answer with a one-time password (Action
 * Center, type 20). The answer is the same whether the email exists or not, and costs the same time.
 */
export const forgotPassword = defineEndpoint('accounts.forgotPassword', {
  summary:
    'Asks staff for a new password for the email (they answer with a one-time password); the same answer whether or not the email exists; 429 when asked too often',
  tag: 'User',
  request: z.object({
    email: z.string().trim().min(1, 'Please enter your email').max(EMAIL_MAX, 'Email is too long').regex(EMAIL_PATTERN, 'Please enter a valid email'),
  }),
  response: okSchema,
});
