import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, files, users } from '../../db/schema.js';

export type FileKind = (typeof files.$inferSelect)['kind'];

export interface StoredFile {
  mime: string;
  bytes: Buffer;
}

export interface NewFile {
  id: string;
  kind: FileKind;
  mime: string;
  bytes: Buffer;
  ownerUserId: number | null;
  companyId: number | null;
}

/** Paths we hand out look like this; anything else in a logo/avatar column is not ours to delete. */
const FILE_PATH = /^\/api\/file\/([0-9a-f-]{36})$/;

export const filePath = (id: string): string => `/api/file/${id}`;

export class FilesRepository {
  constructor(private readonly db: Db) {}

  async get(id: string): Promise<StoredFile | null> {
    const rows = await this.db
      .select({ mime: files.mime, bytes: files.bytes })
      .from(files)
      .where(eq(files.id, id));
    return rows[0] ?? null;
  }

  /** Stores a user's new avatar and drops the one it replaces, in one transaction. */
  async replaceAvatar(userId: number, file: NewFile): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ path: users.avatarPath })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      await tx.insert(files).values({ ...file, size: file.bytes.length });
      await tx
        .update(users)
        .set({ avatarPath: filePath(file.id) })
        .where(eq(users.id, userId));
      await new FilesRepository(tx).deleteByPath(row?.path ?? null);
    });
  }

  /** Stores a company's new logo and drops the one it replaces, in one transaction. */
  async replaceLogo(companyId: number, file: NewFile): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ path: companies.logoPath })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for('update');
      await tx.insert(files).values({ ...file, size: file.bytes.length });
      await tx
        .update(companies)
        .set({ logoPath: filePath(file.id) })
        .where(eq(companies.id, companyId));
      await new FilesRepository(tx).deleteByPath(row?.path ?? null);
    });
  }

  async companyExists(companyId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    return rows.length === 1;
  }

  private async deleteByPath(path: string | null): Promise<void> {
    const id = path === null ? undefined : FILE_PATH.exec(path)?.[1];
    if (id !== undefined) await this.db.delete(files).where(eq(files.id, id));
  }
}
