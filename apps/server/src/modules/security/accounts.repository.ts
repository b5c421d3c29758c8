import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema.js';
import type { Contact } from './input-rules.js';

export interface AccountRef {
  id: number;
  username: string;
  language: string;
  disabled: boolean;
}

export type ConflictField = 'username' | 'email' | 'mobile';

export interface NewAccount {
  username: string;
  contact: Contact;
  passwordHash: string;
  companyId: number;
  roleId: number;
}

const UNIQUE_INDEX_FIELD: Record<string, ConflictField> = {
  users_username_lower_key: 'username',
  users_email_lower_key: 'email',
  users_mobile_key: 'mobile',
};

/** The field whose unique index a failed insert or update hit (a race the pre-check could not see). */
export function uniqueViolation(error: unknown): ConflictField | null {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return UNIQUE_INDEX_FIELD[constraint] ?? null;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return null;
}

/** Matches a contact against stored users; area codes may have been stored with or without '+'. */
function contactWhere(contact: Contact): SQL {
  return contact.kind === 'email'
    ? sql`lower(${users.email}) = ${contact.email}`
    : sql`ltrim(coalesce(${users.mobileAreaCode}, ''), '+') = ${contact.areaCode} and ${users.mobile} = ${contact.mobile}`;
}

/** Account lookups and creation for the public account forms (registration, sign-up, recovery). */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  async findByContact(contact: Contact): Promise<AccountRef | null> {
    const rows = await this.db
      .select({ id: users.id, username: users.username, language: users.language, disabled: users.disabled })
      .from(users)
      .where(contactWhere(contact))
      .limit(2);
    // Two accounts on one address would be ambiguous: treat it like none rather than guess.
    return rows.length === 1 ? (rows[0] ?? null) : null;
  }

  /** The first of user name, email or mobile already taken by another account. */
  async conflict(
    fields: { username?: string; contact?: Contact },
    exceptUserId: number | null = null,
  ): Promise<ConflictField | null> {
    const others = exceptUserId === null ? undefined : ne(users.id, exceptUserId);
    const taken = async (condition: SQL): Promise<boolean> =>
      (await this.db.select({ id: users.id }).from(users).where(and(condition, others)).limit(1)).length > 0;
    if (
      fields.username !== undefined &&
      (await taken(sql`lower(${users.username}) = lower(${fields.username})`))
    )
      return 'username';
    if (fields.contact !== undefined && (await taken(contactWhere(fields.contact))))
      return fields.contact.kind === 'email' ? 'email' : 'mobile';
    return null;
  }

  /** The distributor or installer whose authorization code this is (compared case-insensitively). */
  async companyByAuthorizationCode(code: string): Promise<number | null> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          sql`upper(${companies.authorizationCode}) = upper(${code})`,
          inArray(companies.type, ['DISTRIBUTOR', 'INSTALLER']),
        ),
      )
      .limit(2);
    return rows.length === 1 ? (rows[0]?.id ?? null) : null;
  }

  async createCompany(company: {
    type: 'DISTRIBUTOR' | 'INSTALLER';
    parentId: number;
    name: string;
    authorizationCode: string;
    phone: string | null;
  }): Promise<number> {
    const [row] = await this.db.insert(companies).values(company).returning({ id: companies.id });
    if (!row) throw new Error('company insert returned no row');
    return row.id;
  }

  async createUser(account: NewAccount): Promise<number> {
    const { contact } = account;
    const [row] = await this.db
      .insert(users)
      .values({
        username: account.username,
        email: contact.kind === 'email' ? contact.email : null,
        mobileAreaCode: contact.kind === 'mobile' ? contact.areaCode : null,
        mobile: contact.kind === 'mobile' ? contact.mobile : null,
        passwordHash: account.passwordHash,
        companyId: account.companyId,
        roleId: account.roleId,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned no row');
    return row.id;
  }

  async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }
}
