// Fault recordings (docs/recording.md): one row per recording of an inverter — MANUAL ones carry their
// recording.start command (its result holds the waveforms), AUTOMATIC ones the waveforms the logger sent
// with its own record id, unique per device so a repeated message is stored once.
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  RecordingChannel,
  RecordingChannelConfig,
  RecordingMode,
  RecordingSource,
  RecordingTrigger,
} from '@sunfleet/contracts';
import { commands, devices } from './schema-devices.js';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

export const recordings = pgTable(
  'recordings',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<RecordingMode>().notNull(),
    source: text('source').$type<RecordingSource>().notNull(),
    trigger: text('trigger').$type<RecordingTrigger>().notNull(),
    triggerLevel: integer('trigger_level'),
    /** The fault code of an AUTOMATIC recording triggered by a fault. */
    faultCode: integer('fault_code'),
    /** The recording.start command of a MANUAL recording. */
    commandId: uuid('command_id').references(() => commands.id, { onDelete: 'set null' }),
    /** The logger's record id of an AUTOMATIC recording. */
    recordId: text('record_id'),
    samplingPeriodMs: integer('sampling_period_ms').notNull(),
    triggerAddress: integer('trigger_address').notNull(),
    delayMs: integer('delay_ms').notNull(),
    zoom: doublePrecision('zoom').notNull(),
    samples: integer('samples').notNull(),
    /** The channels as configured (MANUAL) or as recorded (AUTOMATIC), without samples. */
    channelConfig: jsonb('channel_config').$type<RecordingChannelConfig[]>().notNull(),
    /** The waveforms of an AUTOMATIC recording as sent; null for MANUAL ones (read from the command). */
    channels: jsonb('channels').$type<RecordingChannel[]>(),
    triggerValue: doublePrecision('trigger_value'),
    startedAt: ts('started_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('recordings_device_created_idx').on(t.deviceId, t.createdAt),
    uniqueIndex('recordings_device_record_key').on(t.deviceId, t.recordId),
  ],
);
