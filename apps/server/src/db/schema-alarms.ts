// Step 5a alarm engine tables (docs/alarms.md "Alarm engine and life cycle"): who read which alarm, the
// cloud's alarm rules as data with their evaluation state, and maintenance windows.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ALARM_RULE_KINDS } from '@sunfleet/contracts';
import { alarms, deviceModels, devices, stations } from './schema-devices.js';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

/** Per-user read state: an alarm is unread for a user until a row here says otherwise. */
export const alarmReads = pgTable(
  'alarm_reads',
  {
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alarmId] })],
);

/**
 * Cloud-derived alarm rules. A rule applies to one station, to one device model, or everywhere (both
 * null: the global default); for a logger or device the most specific enabled rule of a kind wins
 * (station, then model, then global).
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ALARM_RULE_KINDS }).notNull(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'] }).notNull(),
    code: integer('code').notNull(),
    /** The kind's limit: a ratio for STRING_LOW / OUTPUT_LOW, % for BATTERY_SOC, °C for BATTERY_TEMP. */
    threshold: doublePrecision('threshold'),
    /** How far past the threshold the value must come back before the alarm clears. */
    hysteresis: doublePrecision('hysteresis').notNull().default(0),
    /** Upload intervals without data (LOGGER_OFFLINE, DEVICE_OFFLINE). */
    intervals: integer('intervals'),
    /** Irradiance (W/m²) below which STRING_LOW and OUTPUT_LOW are not judged. */
    minIrradiance: doublePrecision('min_irradiance'),
    /** The condition must hold this long before the alarm is raised. */
    debounceS: integer('debounce_s').notNull().default(0),
    /** An unacknowledged URGENT/IMPORTANT alarm of this rule escalates after this long (null: the global setting). */
    escalateAfterS: integer('escalate_after_s'),
    /** More than `flapCount` raises within `flapWindowS` → the alarm is kept open and marked flapping. */
    flapCount: integer('flap_count').notNull().default(5),
    flapWindowS: integer('flap_window_s').notNull().default(3600),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('alarm_rules_kind_idx').on(t.kind),
    check('alarm_rules_one_scope', sql`${t.stationId} is null or ${t.modelId} is null`),
  ],
);

/**
 * What the evaluator remembers between rounds, per rule and target (device 0 = the logger itself), so a
 * restart loses no debounce, no clear and no flapping count.
 */
export const alarmRuleState = pgTable(
  'alarm_rule_state',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id').notNull(),
    deviceId: integer('device_id').notNull(),
    /** Since when the raise condition holds (debounce); null while it does not. */
    holdingSince: ts('holding_since'),
    /** Since when the clear condition holds (flapping alarms clear after a calm window). */
    calmSince: ts('calm_since'),
    /** Raises counted within the flapping window starting at `windowStart`. */
    raises: integer('raises').notNull().default(0),
    windowStart: ts('window_start'),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.gatewayId, t.deviceId] })],
);

/**
 * Maintenance windows per station or device: one-off (`startsAt`–`endsAt`) or weekly (`weekday` 1 = Monday
 * … 7, `startMinute`–`endMinute` of the day in the station's time zone). Alarms raised inside are recorded
 * with in_maintenance = true and never notified.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    weekday: smallint('weekday'),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_windows_station_idx').on(t.stationId),
    index('maintenance_windows_device_idx').on(t.deviceId),
    check('maintenance_windows_one_target', sql`(${t.stationId} is null) <> (${t.deviceId} is null)`),
  ],
);
