// Platform documents and app releases (docs/documents.md, docs/app-release.md). Files are kept as bytea in
// the database, like firmware images: one backup holds everything, every API copy serves them, and a row
// and its bytes are written in one transaction (nothing stored half). Ids are random UUIDs.
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AppPlatform, AppReleaseSource, DocumentFileKind } from '@sunfleet/contracts';
import { bytea, ts } from './columns.js';
import { users } from './schema-organisation.js';

/** A platform document: platform-wide (no company), shown to everyone or to the listed roles. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    visibleToAll: boolean('visible_to_all').notNull(),
    /** Role ids that may see it when not visibleToAll; roles deleted later simply match no one. */
    roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('documents_updated_idx').on(t.updatedAt)],
);

/** Every upload of a document; the highest number is the current version. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    label: text('label').notNull().default(''),
    notes: text('notes').notNull().default(''),
    fileName: text('file_name').notNull(),
    kind: text('kind').$type<DocumentFileKind>().notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_number_key').on(t.documentId, t.number)],
);

/** A companion-app release: an Android package kept here, or a store link. */
export const appReleases = pgTable(
  'app_releases',
  {
    id: uuid('id').primaryKey(),
    platform: text('platform').$type<AppPlatform>().notNull(),
    version: text('version').notNull(),
    notes: text('notes').notNull().default(''),
    source: text('source').$type<AppReleaseSource>().notNull(),
    storeUrl: text('store_url'),
    fileName: text('file_name'),
    size: integer('size'),
    sha256: text('sha256'),
    bytes: bytea('bytes'),
    published: boolean('published').notNull().default(false),
    publishedAt: ts('published_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_releases_version_key').on(t.platform, t.version)],
);
