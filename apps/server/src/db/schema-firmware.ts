// The firmware library (docs/firmware.md): each image with its digest and the signature loggers verify,
// the short-lived download links handed to loggers, one per upgrade command, and the upgrade tasks.
import { sql } from 'drizzle-orm';
import {
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
import type {
  DeviceType,
  FirmwareSigner,
  FirmwareStage,
  StationType,
  UpgradeDeviceState,
  UpgradePauseReason,
  UpgradeTaskState,
} from '@sunfleet/contracts';
import { bytea, ts } from './columns.js';
import { devices, gateways } from './schema-devices.js';
import { users } from './schema-organisation.js';

export const firmwareImages = pgTable(
  'firmware_images',
  {
    id: uuid('id').primaryKey(),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of `bytes`. */
    sha256: text('sha256').notNull(),
    /** Base64 Ed25519 signature over the 32 digest bytes: the platform's, or the vendor's checked on upload. */
    signature: text('signature').notNull(),
    signedBy: text('signed_by').$type<FirmwareSigner>().notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    notes: text('notes').notNull().default(''),
    compatibleModels: jsonb('compatible_models').$type<string[]>().notNull().default([]),
    minVersion: text('min_version'),
    bytes: bytea('bytes').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firmware_images_version_key').on(t.deviceType, t.model, t.version),
    index('firmware_images_created_idx').on(t.createdAt),
  ],
);

/**
 * A logger's download link: only the SHA-256 of its token is kept. It serves its image while it has not
 * expired and its command is open (PENDING, SENT, ACKNOWLEDGED); the command may be created after the link
 * (its id is chosen first), so there is no foreign key to it.
 */
export const firmwareDownloads = pgTable(
  'firmware_downloads',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    firmwareId: uuid('firmware_id')
      .notNull()
      .references(() => firmwareImages.id, { onDelete: 'cascade' }),
    commandId: uuid('command_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    downloads: integer('downloads').notNull().default(0),
    lastDownloadAt: ts('last_download_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('firmware_downloads_command_idx').on(t.commandId),
    index('firmware_downloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Upgrade tasks (docs/firmware.md "Upgrade tasks"): one image for a set of devices, in waves. The image
 * cannot be deleted while a task refers to it (restrict). The task belongs to its creator's company.
 */
export const upgradeTasks = pgTable(
  'upgrade_tasks',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    firmwareId: uuid('firmware_id')
      .notNull()
      .references(() => firmwareImages.id, { onDelete: 'restrict' }),
    companyId: integer('company_id').notNull(),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    stationType: text('station_type').$type<StationType>(),
    state: text('state').$type<UpgradeTaskState>().notNull(),
    pauseReason: text('pause_reason').$type<UpgradePauseReason>(),
    scheduledAt: ts('scheduled_at'),
    broadcast: boolean('broadcast').notNull().default(false),
    rollback: boolean('rollback').notNull().default(false),
    canaryPercent: integer('canary_percent').notNull(),
    waveSize: integer('wave_size').notNull(),
    failureThresholdPercent: integer('failure_threshold_percent').notNull(),
    healthWatchMinutes: integer('health_watch_minutes').notNull(),
    retries: integer('retries').notNull(),
    currentWave: integer('current_wave'),
    waves: integer('waves').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('upgrade_tasks_state_idx').on(t.state), index('upgrade_tasks_created_idx').on(t.createdAt)],
);

/**
 * The devices of an upgrade task, each with its wave, state, command and progress. At most one row per
 * device is under way (SENT, UPGRADING, WATCHING) across every task: never two upgrades at once.
 */
export const upgradeTaskDevices = pgTable(
  'upgrade_task_devices',
  {
    id: serial('id').primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => upgradeTasks.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    /** Null when the logger itself is upgraded. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    sn: text('sn').notNull(),
    model: text('model').notNull(),
    stationId: integer('station_id'),
    wave: integer('wave').notNull(),
    state: text('state').$type<UpgradeDeviceState>().notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    stage: text('stage').$type<FirmwareStage>(),
    percent: integer('percent').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    commandId: uuid('command_id'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    watchUntil: ts('watch_until'),
  },
  (t) => [
    index('upgrade_task_devices_task_idx').on(t.taskId, t.wave),
    uniqueIndex('upgrade_task_devices_one_active')
      .on(t.gatewayId, sql`coalesce(${t.deviceId}, 0)`)
      .where(sql`state in ('SENT', 'UPGRADING', 'WATCHING')`),
    index('upgrade_task_devices_command_idx').on(t.commandId),
  ],
);
