// API keys for third-party systems (docs/api-keys.md): only a SHA-256 of the key is stored, with its last
// four characters to tell keys apart. Revocation keeps the row (the list and the audit trail name it).
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '@sunfleet/contracts';
import { bytea, ts } from './columns.js';
import { companies, users } from './schema-organisation.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: bytea('key_hash').notNull(),
    hint: text('hint').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: ts('revoked_at'),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_company_idx').on(t.companyId, t.createdAt),
  ],
);
