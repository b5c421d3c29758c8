// Step 5a: the fault-code catalogue (SPEC §3 "Fault code"): per device model, per protocol definition or
// global, code → level and description, cause and handling in CN, EN, DE and ITA.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { deviceModels, protocolDefinitions } from './schema-devices.js';
import { ts } from './columns.js';

const txt = (name: string) => text(name).notNull().default('');

/**
 * One catalogue entry. Its scope is a device model (`model_id`), a protocol definition (`definition_id`)
 * or every device (both null); at most one is set, and a code is unique within its scope. Deleting the
 * model or definition deletes its entries.
 */
export const faultCodes = pgTable(
  'fault_codes',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id').references(() => protocolDefinitions.id, { onDelete: 'cascade' }),
    code: integer('code').notNull(),
    level: text('level', { enum: ['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'] }).notNull(),
    descriptionCn: txt('description_cn'),
    causeCn: txt('cause_cn'),
    handlingCn: txt('handling_cn'),
    descriptionEn: text('description_en').notNull(),
    causeEn: txt('cause_en'),
    handlingEn: txt('handling_en'),
    descriptionDe: txt('description_de'),
    causeDe: txt('cause_de'),
    handlingDe: txt('handling_de'),
    descriptionIta: txt('description_ita'),
    causeIta: txt('cause_ita'),
    handlingIta: txt('handling_ita'),
    builtIn: boolean('built_in').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('fault_codes_one_scope', sql`${t.modelId} is null or ${t.definitionId} is null`),
    uniqueIndex('fault_codes_model_code_key')
      .on(t.modelId, t.code)
      .where(sql`${t.modelId} is not null`),
    uniqueIndex('fault_codes_definition_code_key')
      .on(t.definitionId, t.code)
      .where(sql`${t.definitionId} is not null`),
    uniqueIndex('fault_codes_global_code_key')
      .on(t.code)
      .where(sql`${t.modelId} is null and ${t.definitionId} is null`),
    index('fault_codes_code_idx').on(t.code),
  ],
);

/**
 * Built-in entries already seeded once, by definition code and fault code: the seed adds an entry only the
 * first time, so an operator's edits are kept and a deleted built-in entry stays deleted.
 */
export const faultCodeSeeds = pgTable(
  'fault_code_seeds',
  {
    definitionCode: text('definition_code').notNull(),
    code: integer('code').notNull(),
    seededAt: ts('seeded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fault_code_seeds_key').on(t.definitionCode, t.code)],
);
