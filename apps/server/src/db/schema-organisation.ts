// Organisation tables: companies, roles, users and the further roles a user may switch to. Every other
// schema file refers to them; they refer to nothing else.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** The first id a custom role can get; below it, the seeded built-in roles. */
export const FIRST_CUSTOM_ROLE_ID = 1000;

/** Companies form a tree: platform → distributors → installers (SPEC §3 Company). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: text('type', { enum: ['PLATFORM', 'DISTRIBUTOR', 'INSTALLER'] }).notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    description: text('description'),
    address: text('address'),
    authorizationCode: text('authorization_code'),
    logoPath: text('logo_path'),
    /** True for the demo fleet's company: the console labels its data as simulated. */
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('companies_parent_idx').on(t.parentId)],
);

/**
 * Roles carry permission codes; `*` grants all (SPEC §6). Built-in ids are stable (41 is the big-screen
 * role) and written by the seed; custom roles take theirs from the identity, which starts at
 * FIRST_CUSTOM_ROLE_ID and never hands out an id twice, even after a delete.
 */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: FIRST_CUSTOM_ROLE_ID }),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  roleType: text('role_type', {
    enum: ['ADMINISTRATOR', 'MANAGER', 'DEVELOPER', 'DEPLOY', 'USER', 'GUEST'],
  }).notNull(),
  visibility: text('visibility', { enum: ['PRIVATE', 'PUBLIC'] })
    .notNull()
    .default('PRIVATE'),
  remark: text('remark'),
  disabled: boolean('disabled').notNull().default(false),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  companyId: integer('company_id').references(() => companies.id),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    mobileAreaCode: text('mobile_area_code'),
    mobile: text('mobile'),
    /** argon2id; null for accounts that cannot log in with a password (the guest). */
    passwordHash: text('password_hash'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    language: text('language').notNull().default('EN'),
    avatarPath: text('avatar_path'),
    description: text('description'),
    disabled: boolean('disabled').notNull().default(false),
    columnOption: jsonb('column_option').$type<Record<string, string[]>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobileAreaCode, t.mobile),
  ],
);

/** Further roles a user may switch to besides their own role. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
