// The console's runtime errors (docs/runtime-errors.md): one row per fingerprint with its count and the
// newest occurrences as samples (at most ClientErrorLimits.samplesPerGroup per group).
import { bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users } from './schema-organisation.js';

export const clientErrorGroups = pgTable(
  'client_error_groups',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the message, the first stack frame and the build. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind', { enum: ['error', 'unhandledrejection', 'react'] }).notNull(),
    message: text('message').notNull(),
    frame: text('frame'),
    build: text('build').notNull(),
    count: integer('count').notNull().default(1),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    lastRoute: text('last_route').notNull(),
    lastUserId: integer('last_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('client_error_groups_fingerprint').on(t.fingerprint),
    index('client_error_groups_last_seen').on(t.lastSeenAt),
  ],
);

export const clientErrorSamples = pgTable(
  'client_error_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => clientErrorGroups.id, { onDelete: 'cascade' }),
    occurredAt: ts('occurred_at').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('client_error_samples_group').on(t.groupId, t.id)],
);
