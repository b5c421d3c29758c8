// SQL of the platform documents (docs/documents.md): documents with their versions (bytes read only for a
// download), the visibility filter, and the roles the visibility editor offers.
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, documents, documentVersions, roles, userRoles, users } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';

const { bytes: _bytes, ...VERSION_SUMMARY } = getTableColumns(documentVersions);

export type DocumentRow = typeof documents.$inferSelect;
export type VersionRow = Omit<typeof documentVersions.$inferSelect, 'bytes'> & { createdBy: string | null };

/** null = every document (the caller manages them); else the role ids whose documents the caller sees. */
export type Visibility = number[] | null;

function visibleTo(visibility: Visibility): SQL | undefined {
  if (visibility === null) return undefined;
  return or(
    eq(documents.visibleToAll, true),
    ...visibility.map((roleId) => sql`${documents.roleIds} @> ${JSON.stringify([roleId])}::jsonb`),
  );
}

export class DocumentsRepository {
  constructor(private readonly db: Db) {}

  /** The user's own role and the further roles they may switch to. */
  async rolesOfUser(userId: number): Promise<number[]> {
    const own = await this.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
    const further = await this.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return [...new Set([...own, ...further].map((r) => r.roleId))];
  }

  async existingRoleIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  async roleNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async roleOptions(): Promise<{ id: number; name: string; nameKey: string; companyName: string | null }[]> {
    return this.db
      .select({ id: roles.id, name: roles.name, nameKey: roles.nameKey, companyName: companies.name })
      .from(roles)
      .leftJoin(companies, eq(companies.id, roles.companyId))
      .orderBy(asc(roles.id));
  }

  /** Stores a document and its first version in one transaction. */
  async insert(
    document: typeof documents.$inferInsert,
    version: Omit<typeof documentVersions.$inferInsert, 'documentId' | 'number'>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(documents).values(document);
      await tx.insert(documentVersions).values({ ...version, documentId: document.id, number: 1 });
    });
  }

  /**
   * Adds a version with the next number (the document row is locked meanwhile); false when the document
   * is not there (or not visible under `visibility`).
   */
  async addVersion(
    documentId: string,
    version: Omit<typeof documentVersions.$inferInsert, 'documentId' | 'number'>,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [document] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(eq(documents.id, documentId))
        .for('update');
      if (document === undefined) return false;
      const [last] = await tx
        .select({ n: sql`max(${documentVersions.number})`.mapWith(Number) })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, documentId));
      await tx.insert(documentVersions).values({ ...version, documentId, number: (last?.n ?? 0) + 1 });
      await tx.update(documents).set({ updatedAt: now }).where(eq(documents.id, documentId));
      return true;
    });
  }

  async one(id: string, visibility: Visibility): Promise<DocumentRow | null> {
    const [row] = await this.db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), visibleTo(visibility)));
    return row ?? null;
  }

  async page(
    filter: { q?: string | undefined; visibility: Visibility },
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: DocumentRow[] }> {
    const pattern = filter.q === undefined ? null : containsPattern(filter.q);
    const where = and(
      visibleTo(filter.visibility),
      pattern === null
        ? undefined
        : or(
            ilike(documents.title, pattern),
            ilike(documents.description, pattern),
            ilike(documents.category, pattern),
          ),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(documents)
      .where(where);
    const list = await this.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list };
  }

  /** The versions of these documents without their bytes, newest first. */
  async versionsOf(documentIds: readonly string[]): Promise<VersionRow[]> {
    if (documentIds.length === 0) return [];
    const rows = await this.db
      .select({ version: VERSION_SUMMARY, createdBy: users.username })
      .from(documentVersions)
      .leftJoin(users, eq(users.id, documentVersions.createdByUserId))
      .where(inArray(documentVersions.documentId, [...documentIds]))
      .orderBy(desc(documentVersions.number));
    return rows.map((r) => ({ ...r.version, createdBy: r.createdBy }));
  }

  /** A version's file (the current one when `versionId` is null). */
  async file(
    documentId: string,
    versionId: string | null,
  ): Promise<{ fileName: string; kind: VersionRow['kind']; bytes: Buffer; number: number } | null> {
    const [row] = await this.db
      .select({
        fileName: documentVersions.fileName,
        kind: documentVersions.kind,
        bytes: documentVersions.bytes,
        number: documentVersions.number,
      })
      .from(documentVersions)
      .where(
        and(
          eq(documentVersions.documentId, documentId),
          versionId === null ? undefined : eq(documentVersions.id, versionId),
        ),
      )
      .orderBy(desc(documentVersions.number))
      .limit(1);
    return row ?? null;
  }

  async update(id: string, values: Partial<typeof documents.$inferInsert>): Promise<boolean> {
    const rows = await this.db
      .update(documents)
      .set(values)
      .where(eq(documents.id, id))
      .returning({ id: documents.id });
    return rows.length === 1;
  }

  /** Deletes a document and (by cascade) its versions; answers whether it existed. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
    return rows.length === 1;
  }
}
