import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Companies form a tree: platform → distributors → installers (SPEC §3 Company). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  type: text('type', { enum: ['PLATFORM', 'DISTRIBUTOR', 'INSTALLER'] }).notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  description: text('description'),
  address: text('address'),
  authorizationCode: text('authorization_code'),
  logoPath: text('logo_path'),
  /** True for the demo fleet's company: the console labels its data as simulated. */
  simulated: boolean('simulated').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Roles carry permission codes; `*` grants all (SPEC §6). Ids are stable: 41 is the big-screen role. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  roleType: text('role_type', {
    enum: ['ADMINISTRATOR', 'MANAGER', 'DEVELOPER', 'DEPLOY', 'USER', 'GUEST'],
  }).notNull(),
  visibility: text('visibility', { enum: ['PRIVATE', 'PUBLIC'] })
    .notNull()
    .default('PRIVATE'),
  remark: text('remark'),
  disabled: boolean('disabled').notNull().default(false),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  companyId: integer('company_id').references(() => companies.id),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    mobileAreaCode: text('mobile_area_code'),
    mobile: text('mobile'),
    /** argon2id; null for accounts that cannot log in with a password (the guest). */
    passwordHash: text('password_hash'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    language: text('language').notNull().default('EN'),
    avatarPath: text('avatar_path'),
    description: text('description'),
    disabled: boolean('disabled').notNull().default(false),
    columnOption: jsonb('column_option').$type<Record<string, string[]>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobileAreaCode, t.mobile),
  ],
);

/** Further roles a user may switch to besides their own role. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Sessions: only a SHA-256 of the opaque token is stored. A rotation keeps the previous hash valid for a
 * short grace period so that requests already in flight do not fail.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: bytea('token_hash').notNull(),
    prevTokenHash: bytea('prev_token_hash'),
    rotatedAt: ts('rotated_at'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: ts('created_at').notNull(),
    tokenIssuedAt: ts('token_issued_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason', { enum: ['logout', 'ended'] }),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_prev_token_hash_idx').on(t.prevTokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed-login counters per account and per client address, shared by every API copy. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  failures: integer('failures').notNull(),
});

/** Navigation entries served by /api/routes (SPEC §2), seeded from the contracts catalogue. */
export const navRoutes = pgTable('nav_routes', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id').notNull(),
  path: text('path').notNull(),
  component: text('component').notNull(),
  hidden: boolean('hidden').notNull(),
  title: text('title').notNull(),
  titleCn: text('title_cn').notNull(),
  icon: text('icon'),
  affix: boolean('affix').notNull(),
  noCache: boolean('no_cache').notNull(),
  newTab: boolean('new_tab').notNull(),
  perm: text('perm'),
  sort: integer('sort').notNull(),
});

/** The translation table of every display language, editable by administrators (Step 2a). */
export const translations = pgTable(
  'translations',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.key] })],
);
