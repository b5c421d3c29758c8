// SQL of the fault recordings (docs/recording.md): recordings of devices in the caller's reach, with the
// device, its station, the recording.start command of a manual one (state, error, result) and its author.
import type { CommandState, RecordingMode } from '@sunfleet/contracts';
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commands, devices, gateways, recordings, users } from '../../db/schema.js';
import { deviceInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export type RecordingRow = typeof recordings.$inferSelect & {
  deviceSn: string;
  stationId: number | null;
  createdBy: string | null;
  commandState: CommandState | null;
  commandError: string | null;
  commandResult: Record<string, unknown> | null;
};

export interface RecordingFilter {
  stationId?: number | undefined;
  deviceId?: number | undefined;
  mode?: RecordingMode | undefined;
}

// Everything but the waveforms, which pages leave out (thousands of numbers per recording).
const { channels: _waveforms, ...SUMMARY } = getTableColumns(recordings);

export class RecordingRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof recordings.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(recordings).values(values).returning({ id: recordings.id });
    if (row === undefined) throw new Error('recording not stored');
    return row.id;
  }

  /** A recording of a device in the caller's reach, or null (foreign = missing). */
  async one(scope: Scope, id: number, withResult: boolean): Promise<RecordingRow | null> {
    const rows = await this.select(and(eq(recordings.id, id), deviceInScope(scope)), withResult, {
      offset: 0,
      limit: 1,
    });
    return rows[0] ?? null;
  }

  async page(
    scope: Scope,
    filter: RecordingFilter,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: RecordingRow[] }> {
    const where = and(
      deviceInScope(scope),
      filter.stationId === undefined ? undefined : eq(gateways.stationId, filter.stationId),
      filter.deviceId === undefined ? undefined : eq(recordings.deviceId, filter.deviceId),
      filter.mode === undefined ? undefined : eq(recordings.mode, filter.mode),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(recordings)
      .innerJoin(devices, eq(devices.id, recordings.deviceId))
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .where(where);
    return { total: count?.n ?? 0, list: await this.select(where, false, window) };
  }

  /** Newest first; the command's result (the waveforms) only when asked for. */
  private async select(
    where: SQL | undefined,
    withResult: boolean,
    window: { offset: number; limit: number },
  ): Promise<RecordingRow[]> {
    const rows = await this.db
      .select({
        recording: SUMMARY,
        channels: withResult ? recordings.channels : sql<null>`null`,
        deviceSn: devices.sn,
        stationId: gateways.stationId,
        createdBy: users.username,
        commandState: commands.state,
        commandError: commands.error,
        commandResult: withResult ? commands.result : sql<null>`null`,
      })
      .from(recordings)
      .innerJoin(devices, eq(devices.id, recordings.deviceId))
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(commands, eq(commands.id, recordings.commandId))
      .leftJoin(users, eq(users.id, recordings.createdByUserId))
      .where(where)
      .orderBy(desc(recordings.createdAt), desc(recordings.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map((r) => ({
      ...r.recording,
      channels: r.channels,
      deviceSn: r.deviceSn,
      stationId: r.stationId,
      createdBy: r.createdBy,
      commandState: r.commandState,
      commandError: r.commandError,
      commandResult: r.commandResult,
    }));
  }
}
