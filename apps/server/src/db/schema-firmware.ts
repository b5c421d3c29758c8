// The firmware library (docs/firmware.md): each image with its digest and the signature loggers verify,
// and the short-lived download links handed to loggers, one per upgrade command.
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DeviceType, FirmwareSigner } from '@sunfleet/contracts';
import { bytea, ts } from './columns.js';
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
