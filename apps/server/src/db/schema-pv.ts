// Step 5c diagnostics (docs/iv-curves.md): an inverter's PV strings — the module datasheet and the modules
// in series on each MPPT input's strings — that an IV scan's expected curve is computed from; and the scan
// tasks (their iv.scan commands carry the task's id as batch_id and hold the curves in their results).
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { PvModuleDatasheet } from '@sunfleet/contracts';
import { alarms, devices, stations } from './schema-devices.js';
import { users } from './schema-organisation.js';
import { ts } from './columns.js';

/** One string of an inverter: MPPT input, string number on it, its module and how many in series. */
export const pvStrings = pgTable(
  'pv_strings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mppt: integer('mppt').notNull(),
    string: integer('string').notNull(),
    /** The module's datasheet as entered (or chosen from the built-in ones), checked on the way in. */
    module: jsonb('module').$type<PvModuleDatasheet>().notNull(),
    modulesInSeries: integer('modules_in_series').notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.mppt, t.string] })],
);

/** An IV scan task: chosen inverters of one station, one iv.scan command each. */
export const ivTasks = pgTable(
  'iv_tasks',
  {
    id: uuid('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** The strings asked for ([{mppt, string}]); null for every string. */
    strings: jsonb('strings').$type<{ mppt: number; string: number }[] | null>(),
    deviceCount: integer('device_count').notNull(),
    /** MANUAL (a user asked) or AUTO (started for a string alarm, docs/iv-curves.md "Scans that start themselves"). */
    trigger: text('trigger').$type<'MANUAL' | 'AUTO'>().notNull().default('MANUAL'),
    /** The alarm an AUTO scan was started for; its diagnosis is shown with that alarm. */
    alarmId: bigint('alarm_id', { mode: 'number' }).references(() => alarms.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('iv_tasks_station_created_idx').on(t.stationId, t.createdAt),
    index('iv_tasks_alarm_idx').on(t.alarmId),
  ],
);

/** Per station: start a scan by itself when a string alarm is raised (off unless switched on). */
export const ivAutoScan = pgTable('iv_auto_scan', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
