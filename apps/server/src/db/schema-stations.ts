// Step 3 tables: who follows which station, public share links, the global search history, event
// subscriptions of a station and AC-coupling settings of inverters (stored now, sent to devices later).
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFY_TYPES } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { users } from './schema-organisation.js';
import { devices, stations } from './schema-devices.js';
import { ts } from './columns.js';

/** SPEC §4 Follow: a user follows (concern) or unfollows a station. */
export const stationFollows = pgTable(
  'station_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stationId] }),
    index('station_follows_station_idx').on(t.stationId),
  ],
);

/**
 * Read-only public links to one station (`/station/share?token=`). The token is ≥128 bits of randomness,
 * kept so its owner can copy the link again; revoked or expired links answer like unknown ones.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    title: text('title'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** null = does not expire. */
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    useCount: integer('use_count').notNull().default(0),
  },
  (t) => [uniqueIndex('share_links_token_key').on(t.token), index('share_links_station_idx').on(t.stationId)],
);

/** Recent searches of the global search dialog (SPEC §2/§3 queryHistories), newest first per user. */
export const queryHistory = pgTable(
  'query_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keywords: text('keywords').notNull(),
    /** STATION, INVERTER or GATEWAY (SPEC §2 search types). */
    type: text('type', { enum: ['STATION', 'INVERTER', 'GATEWAY'] }).notNull(),
    /** The chosen result's id, when the search ended on one. */
    extraId: integer('extra_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('query_history_user_entry_key').on(t.userId, t.type, t.keywords),
    index('query_history_user_idx').on(t.userId, t.createdAt),
  ],
);

/** SPEC §3 Event subscription of a station: stored in Step 3, delivered by a later step. */
export const stationSubscriptions = pgTable(
  'station_subscriptions',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /**
     * REAL_TIME: at once when an alarm is raised, cleared or its snooze ends; FIXED_TIME: a digest at
     * `notifyTime`; ESCALATION: the second recipient list, told only of ESCALATED events.
     */
    notifyType: text('notify_type', { enum: NOTIFY_TYPES }).notNull(),
    /** HH:mm in the station's time zone (FIXED_TIME only). */
    notifyTime: text('notify_time'),
    email: text('email').notNull(),
    /** The language of its mails (CN, EN, DE, ITA): by default the creating user's. */
    language: text('language').notNull().default('EN'),
    /** False once unsubscribed through the link of a mail (or switched off by an editor). */
    enabled: boolean('enabled').notNull().default(true),
    /** FIXED_TIME: the next instant a digest is due; null = to be computed by the notification worker. */
    nextDigestAt: ts('next_digest_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('station_subscriptions_station_idx').on(t.stationId),
    index('station_subscriptions_digest_idx')
      .on(t.nextDigestAt)
      .where(sql`notify_type = 'FIXED_TIME' and enabled`),
  ],
);

/** SPEC §3/§4 AC coupling of an inverter: set, updated, released. Sent to devices in the remote-operations step. */
export const acCoupleSettings = pgTable('ac_couple_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** The storage inverter (same station) the PV inverter is AC-coupled to. */
  coupledDeviceId: integer('coupled_device_id').references(() => devices.id, { onDelete: 'set null' }),
  /** Export limit while coupled, kW; null = no limit. */
  maxFeedInKw: doublePrecision('max_feed_in_kw'),
  state: text('state', { enum: ['SET', 'UPDATED', 'RELEASED'] }).notNull(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** When the setting was delivered to the device; null = stored only (not yet sent). */
  sentAt: ts('sent_at'),
  /** The acCouple.set command carrying the latest change: its state is pending, applied or failed. */
  commandId: uuid('command_id'),
});
