import {
  bigint,
  bigserial,
  doublePrecision,
  uuid,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles, users } from './schema-organisation.js';
import { bytea, ts } from './columns.js';

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

/**
 * Append-only audit trail of every write: who, what, when, from where, and the result. A trigger refuses
 * UPDATE and DELETE, so not even the application can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    companyId: integer('company_id'),
    /** Stable action name, e.g. `company.create`, or `POST /api/company` for routes without one. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
    /** 200 on success, otherwise the envelope status the client received. */
    status: integer('status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_company_idx').on(t.companyId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);

/** Six-digit codes sent to an email address or mobile number; single use, expiring, attempt-limited. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose', {
      enum: ['register', 'findPassword', 'findName', 'changeEmail', 'changeMobile'],
    }).notNull(),
    /** Normalised destination: a lower-case email or +<area code><number>. */
    target: text('target').notNull(),
    codeHash: bytea('code_hash').notNull(),
    userId: integer('user_id'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt)],
);

/** Outgoing mail. Without SMTP_URL messages stay here (and in the log), marked undelivered. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deliveredAt: ts('delivered_at'),
  error: text('error'),
});

/** Uploaded images (logos, avatars, station pictures), re-encoded, served by id with nosniff. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey(),
  kind: text('kind', { enum: ['logo', 'avatar', 'picture'] }).notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  ownerUserId: integer('owner_user_id'),
  companyId: integer('company_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Reference data (SPEC §3): regions, currencies, time zones, countries. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Units of this currency per 1 USD. */
  exchangeRate: doublePrecision('exchange_rate').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  areaCode: text('area_code').notNull(),
  currencyCode: text('currency_code')
    .notNull()
    .references(() => currencies.code),
  temperatureUnit: text('temperature_unit', { enum: ['C', 'F'] }).notNull(),
  /** Default electricity price per kWh in the region's currency. */
  price: doublePrecision('price').notNull(),
});

export const timeZones = pgTable('time_zones', {
  id: serial('id').primaryKey(),
  /** IANA name, e.g. Europe/Berlin. */
  name: text('name').notNull().unique(),
  /** Standard offset from UTC in minutes. */
  offsetMinutes: integer('offset_minutes').notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** PUBLIC countries appear in pickers for everyone; PRIVATE ones only for the platform. */
  visibility: text('visibility', { enum: ['PUBLIC', 'PRIVATE'] })
    .notNull()
    .default('PUBLIC'),
});

/** Counters for rate limits other than login (verification codes, registration), shared by API copies. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

export * from './schema-organisation.js';
export * from './schema-devices.js';
export * from './schema-stations.js';
export * from './schema-fault-codes.js';
export * from './schema-notifications.js';
export * from './schema-alarms.js';
export * from './schema-remote.js';
export * from './schema-pv.js';
export * from './schema-recording.js';
export * from './schema-firmware.js';
export * from './schema-api-keys.js';
export * from './schema-big-screen.js';
export * from './schema-documents.js';
export * from './schema-statistics.js';
export * from './schema-feedback.js';
export * from './schema-client-errors.js';
