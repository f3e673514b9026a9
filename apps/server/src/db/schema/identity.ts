import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Letters, digits and underscores; unique whatever the case (the seed's identifier rule). */
    code: text('code').notNull(),
    /** advertiser | publisher | internal */
    kind: text('kind').notNull(),
    /** pending | active | suspended | closed */
    status: text('status').notNull().default('active'),
    /** Where staff write to the company; '' only for accounts older than the field with no user. */
    contactEmail: text('contact_email').notNull().default(''),
    /** '' when none. */
    phone: text('phone').notNull().default(''),
    /** Digits; '' when none. */
    registrationNumber: text('registration_number').notNull().default(''),
    /** ISO 4217; the account's money (campaign budgets, bids, spend) is in its minor units. */
    currency: text('currency').notNull().default('USD'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounts_code_unique').on(sql`lower(${t.code})`), index('accounts_kind_name_idx').on(t.kind, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** en-US | zh-CN, chosen in the profile; null until chosen (the console keeps its own). */
    language: text('language'),
    passwordHash: text('password_hash').notNull(),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    /** The password is a one-time one staff handed out: only Info, ChangePassword and Logout answer. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_account_idx').on(t.accountId),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** The first role (lowest position) decides the landing page. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const menus = pgTable('menus', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  url: text('url').notNull(),
  title: text('title').notNull(),
  icon: text('icon').notNull(),
  sorts: integer('sorts').notNull(),
});

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const powers = pgTable('powers', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
});

export const rolePowers = pgTable(
  'role_powers',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    powerCode: text('power_code')
      .notNull()
      .references(() => powers.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.powerCode] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in counters shared by every server process, keyed `email+address:<ip>|<email>`,
 * `email:<email>` and `ip:<ip>`: an attempt is counted (reserved) before its password is checked,
 * a success gives it back, so `failures` holds the failed and the in-flight attempts of the window.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * "Forgot password?" requests staff answer with a one-time password (accounts.resetPassword).
 * At most one open (unanswered) request per user: the partial unique index decides a race.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('password_reset_requests_open_unique').on(t.userId).where(sql`${t.answeredAt} is null`)],
);

/** Who decided what, when and why: every decision a person makes is recorded. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: text('before'),
    after: text('after'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);

