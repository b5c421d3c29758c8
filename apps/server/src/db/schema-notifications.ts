// Step 5a notifications: webhooks per company, the queue of alarm events still to be turned into
// deliveries, the delivery outbox (mails and webhook calls) and the server's own secrets
// (docs/alarms.md "Notifications").
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema-organisation.js';
import { alarmEvents } from './schema-devices.js';
import { stationSubscriptions } from './schema-stations.js';
import { ts } from './columns.js';

/** Alarm event kinds a webhook can ask for (the kinds of alarm_events). */
export const WEBHOOK_EVENT_KINDS = [
  'RAISED',
  'REPEATED',
  'ACKNOWLEDGED',
  'CLEARED',
  'ESCALATED',
  'SNOOZE_ENDED',
] as const;

/** A company's webhook: alarms of stations in the company's subtree are POSTed to `url`, signed. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** HMAC-SHA256 key of the signature header; kept as given (it has to sign), never answered. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    events: jsonb('events').$type<string[]>().notNull(),
    /** Failed attempts in a row; a success sets it back to 0, WEBHOOK_DISABLE_AFTER of them disable it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId)],
);

/**
 * Alarm events not yet turned into deliveries. A trigger on alarm_events adds every event that is not
 * in maintenance, in the inserting transaction, so an event is queued exactly when it commits; the worker
 * claims rows with FOR UPDATE SKIP LOCKED, writes the deliveries and deletes the row in one transaction.
 */
export const notificationQueue = pgTable('notification_queue', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => alarmEvents.id, { onDelete: 'cascade' }),
});

/**
 * The outbox: one row per message to send (a mail to a subscription, a webhook call). `dedupeKey` makes
 * the fan-out idempotent; a worker claims a row by setting `claimToken` and `claimedUntil` (a lease),
 * sends, and marks it SENT only if the claim is still its own.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['EMAIL', 'WEBHOOK'] }).notNull(),
    /** event:<id>:sub:<id>, digest:<sub>:<local date>, event:<id>:hook:<id>, test:<hook>:<uuid>. */
    dedupeKey: text('dedupe_key').notNull(),
    /** RAISED, CLEARED, …, DIGEST or TEST. */
    kind: text('kind').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    subscriptionId: integer('subscription_id').references(() => stationSubscriptions.id, {
      onDelete: 'cascade',
    }),
    webhookId: integer('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The email address or the URL, as it was when the delivery was made. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** Mail: the text. Webhook: the JSON payload (deliveryId and sentAt are added when sent). */
    body: text('body').notNull(),
    state: text('state', { enum: ['PENDING', 'SENT', 'FAILED', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    claimToken: uuid('claim_token'),
    claimedUntil: ts('claimed_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: ts('last_attempt_at'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_dedupe_key').on(t.dedupeKey),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'PENDING'`),
    index('notification_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);

/** Secrets the server makes for itself (the unsubscribe-link key), shared by every server copy. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
