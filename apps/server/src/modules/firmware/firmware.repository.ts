// SQL of the firmware library (docs/firmware.md): images without their bytes for lists, the bytes only for a
// download, and the download links of upgrade commands.
import { OPEN_COMMAND_STATES, type DeviceType } from '@sunfleet/contracts';
import { and, desc, eq, getTableColumns, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commands, deviceModels, firmwareDownloads, firmwareImages, users } from '../../db/schema.js';
import { containsPattern } from '../reference/sql-helpers.js';

const { bytes: _bytes, ...SUMMARY } = getTableColumns(firmwareImages);

export type FirmwareRow = Omit<typeof firmwareImages.$inferSelect, 'bytes'> & { createdBy: string | null };

export interface FirmwareFilter {
  deviceType?: DeviceType | undefined;
  model?: string | undefined;
  q?: string | undefined;
}

export class FirmwareRepository {
  constructor(private readonly db: Db) {}

  /** The known models of a device type among `models` (Device protocol's models). */
  async knownModels(deviceType: DeviceType, models: readonly string[]): Promise<Set<string>> {
    if (models.length === 0) return new Set();
    const rows = await this.db
      .select({ model: deviceModels.model })
      .from(deviceModels)
      .where(and(eq(deviceModels.deviceType, deviceType), inArray(deviceModels.model, [...models])));
    return new Set(rows.map((r) => r.model));
  }

  async insert(values: typeof firmwareImages.$inferInsert): Promise<void> {
    await this.db.insert(firmwareImages).values(values);
  }

  async one(id: string): Promise<FirmwareRow | null> {
    const rows = await this.select(eq(firmwareImages.id, id), { offset: 0, limit: 1 });
    return rows[0] ?? null;
  }

  async page(
    filter: FirmwareFilter,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: FirmwareRow[] }> {
    const pattern = filter.q === undefined ? null : containsPattern(filter.q);
    const where = and(
      filter.deviceType === undefined ? undefined : eq(firmwareImages.deviceType, filter.deviceType),
      filter.model === undefined
        ? undefined
        : or(
            eq(firmwareImages.model, filter.model),
            sql`${firmwareImages.compatibleModels} @> ${JSON.stringify([filter.model])}::jsonb`,
          ),
      pattern === null
        ? undefined
        : or(
            ilike(firmwareImages.version, pattern),
            ilike(firmwareImages.model, pattern),
            ilike(firmwareImages.fileName, pattern),
          ),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(firmwareImages)
      .where(where);
    return { total: count?.n ?? 0, list: await this.select(where, window) };
  }

  /** Deletes an image; answers whether it existed. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(firmwareImages)
      .where(eq(firmwareImages.id, id))
      .returning({ id: firmwareImages.id });
    return rows.length === 1;
  }

  async insertDownload(values: typeof firmwareDownloads.$inferInsert): Promise<void> {
    await this.db.insert(firmwareDownloads).values(values);
  }

  /**
   * The image behind a download link that has not expired and whose command is open; counts the download.
   * Null for anything else (unknown token, expired, command ended or never created).
   */
  async download(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ fileName: string; bytes: Buffer; sha256: string } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          fileName: firmwareImages.fileName,
          bytes: firmwareImages.bytes,
          sha256: firmwareImages.sha256,
        })
        .from(firmwareDownloads)
        .innerJoin(firmwareImages, eq(firmwareImages.id, firmwareDownloads.firmwareId))
        .innerJoin(commands, eq(commands.id, firmwareDownloads.commandId))
        .where(
          and(
            eq(firmwareDownloads.tokenHash, tokenHash),
            gt(firmwareDownloads.expiresAt, now),
            inArray(commands.state, [...OPEN_COMMAND_STATES]),
          ),
        );
      if (row === undefined) return null;
      await tx
        .update(firmwareDownloads)
        .set({ downloads: sql`${firmwareDownloads.downloads} + 1`, lastDownloadAt: now })
        .where(eq(firmwareDownloads.tokenHash, tokenHash));
      return row;
    });
  }

  /** Drops links that expired before `before`; answers how many. */
  async dropExpiredDownloads(before: Date): Promise<number> {
    const rows = await this.db
      .delete(firmwareDownloads)
      .where(sql`${firmwareDownloads.expiresAt} < ${before}`)
      .returning({ id: firmwareDownloads.commandId });
    return rows.length;
  }

  private async select(
    where: SQL | undefined,
    window: { offset: number; limit: number },
  ): Promise<FirmwareRow[]> {
    const rows = await this.db
      .select({ image: SUMMARY, createdBy: users.username })
      .from(firmwareImages)
      .leftJoin(users, eq(users.id, firmwareImages.createdByUserId))
      .where(where)
      .orderBy(desc(firmwareImages.createdAt), desc(firmwareImages.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map((r) => ({ ...r.image, createdBy: r.createdBy }));
  }
}
