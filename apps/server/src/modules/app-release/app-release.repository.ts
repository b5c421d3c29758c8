// SQL of the companion-app releases (docs/app-release.md): releases without their bytes for lists, the
// bytes only for a download.
import type { AppPlatform } from '@sunfleet/contracts';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appReleases, users } from '../../db/schema.js';

const { bytes: _bytes, ...SUMMARY } = getTableColumns(appReleases);

export type AppReleaseRow = Omit<typeof appReleases.$inferSelect, 'bytes'> & { createdBy: string | null };

export class AppReleaseRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof appReleases.$inferInsert): Promise<void> {
    await this.db.insert(appReleases).values(values);
  }

  /** Every release of a platform (or of all), newest first: a platform keeps a handful, not thousands. */
  async all(platform?: AppPlatform): Promise<AppReleaseRow[]> {
    const rows = await this.db
      .select({ release: SUMMARY, createdBy: users.username })
      .from(appReleases)
      .leftJoin(users, eq(users.id, appReleases.createdByUserId))
      .where(platform === undefined ? undefined : eq(appReleases.platform, platform))
      .orderBy(desc(appReleases.createdAt), desc(appReleases.id));
    return rows.map((r) => ({ ...r.release, createdBy: r.createdBy }));
  }

  async one(id: string): Promise<AppReleaseRow | null> {
    const rows = await this.db
      .select({ release: SUMMARY, createdBy: users.username })
      .from(appReleases)
      .leftJoin(users, eq(users.id, appReleases.createdByUserId))
      .where(eq(appReleases.id, id));
    const row = rows[0];
    return row === undefined ? null : { ...row.release, createdBy: row.createdBy };
  }

  async setPublished(id: string, published: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(appReleases)
      .set({ published, publishedAt: published ? now : null })
      .where(eq(appReleases.id, id))
      .returning({ id: appReleases.id });
    return rows.length === 1;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(appReleases)
      .where(eq(appReleases.id, id))
      .returning({ id: appReleases.id });
    return rows.length === 1;
  }

  /** The package of a release (only a published one when `publishedOnly`). */
  async file(id: string, publishedOnly: boolean): Promise<{ fileName: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ fileName: appReleases.fileName, bytes: appReleases.bytes })
      .from(appReleases)
      .where(
        and(
          eq(appReleases.id, id),
          eq(appReleases.source, 'FILE'),
          publishedOnly ? eq(appReleases.published, true) : undefined,
        ),
      );
    if (row === undefined || row.bytes === null || row.fileName === null) return null;
    return { fileName: row.fileName, bytes: row.bytes };
  }
}
