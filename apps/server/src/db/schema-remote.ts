// Step 5b remote operations (docs/remote.md): what the cloud last asked a device or logger to use — the
// storage mode and time-shared periods of a battery, a logger's protocol forwarding — each with the command
// that carries it (its state says pending, applied or failed), and the batch register tests of the back
// office (their commands carry the test's id as batch_id).
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { devices, gateways } from './schema-devices.js';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

/** A battery's storage work mode (0…4, SPEC §4 order) and time-shared periods, as last sent. */
export const storageSettings = pgTable('storage_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  mode: integer('mode').notNull(),
  /** [{start "HH:mm", end, mode CHARGE | DISCHARGE, powerW?}], at most 6. */
  periods: jsonb('periods').$type<unknown[]>().notNull().default([]),
  /** The last command sent for this setting (storage.mode or storage.timeSlots). */
  commandId: uuid('command_id'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A logger's protocol forwarding (SPEC §3 forwarding settings), as last sent with forwarding.set. */
export const forwardingSettings = pgTable('forwarding_settings', {
  gatewayId: integer('gateway_id')
    .primaryKey()
    .references(() => gateways.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  commandId: uuid('command_id'),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A back-office batch register test: one model, one register set, many devices (one command each). */
export const registerTests = pgTable('register_tests', {
  id: uuid('id').primaryKey(),
  model: text('model').notNull(),
  /** {keys: string[]} or {address, count}: what each device is asked to read. */
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  deviceCount: integer('device_count').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
