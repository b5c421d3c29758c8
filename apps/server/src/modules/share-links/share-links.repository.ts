// SQL of share links. Every read and write of a link goes through its station's scope (stationInScope),
// so a link of a foreign station is simply not found.
import type { StationStatus } from '@sunfleet/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rollupStationDay, rollupStationMonth, shareLinks, stations } from '../../db/schema.js';
import { stationFactSql } from '../facts/status-sql.js';
import { idInScope, stationInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export interface ShareLinkRow {
  id: number;
  stationId: number;
  stationName: string;
  title: string | null;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  useCount: number;
}

const columns = {
  id: shareLinks.id,
  stationId: shareLinks.stationId,
  stationName: stations.name,
  title: shareLinks.title,
  token: shareLinks.token,
  createdAt: shareLinks.createdAt,
  updatedAt: shareLinks.updatedAt,
  expiresAt: shareLinks.expiresAt,
  revokedAt: shareLinks.revokedAt,
  lastUsedAt: shareLinks.lastUsedAt,
  useCount: shareLinks.useCount,
};

export interface PublicStationRow {
  id: number;
  name: string;
  type: string;
  capacityKwp: number;
  timeZone: string;
  currency: string;
  address: string | null;
  status: StationStatus;
  /** The inverters online, W (station facts); null when none reports. */
  powerW: number | null;
  /** The newest reading of any of its devices. */
  updatedAt: Date | null;
}

export interface EnergyTotals {
  todayKwh: number | null;
  monthKwh: number | null;
  yearKwh: number | null;
  totalKwh: number | null;
  todayIncome: number | null;
  totalIncome: number | null;
}

export class ShareLinksRepository {
  constructor(private readonly db: Db) {}

  /** True when the station exists and lies in the caller's scope. */
  async stationReachable(scope: Scope, stationId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: stations.id })
      .from(stations)
      .where(idInScope(stations.id, stationId, stationInScope(scope)));
    return rows.length > 0;
  }

  async countForStation(stationId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(shareLinks)
      .where(eq(shareLinks.stationId, stationId));
    return row?.n ?? 0;
  }

  async insert(values: {
    stationId: number;
    token: string;
    title: string | null;
    expiresAt: Date | null;
    createdByUserId: number;
    now: Date;
  }): Promise<number> {
    const [row] = await this.db
      .insert(shareLinks)
      .values({
        stationId: values.stationId,
        token: values.token,
        title: values.title,
        expiresAt: values.expiresAt,
        createdByUserId: values.createdByUserId,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning({ id: shareLinks.id });
    if (!row) throw new Error('share link not created');
    return row.id;
  }

  /** One link whose station the caller reaches, else null. */
  async find(scope: Scope, id: number): Promise<ShareLinkRow | null> {
    const inScope = stationInScope(scope);
    const rows = await this.db
      .select(columns)
      .from(shareLinks)
      .innerJoin(stations, eq(stations.id, shareLinks.stationId))
      .where(inScope === undefined ? eq(shareLinks.id, id) : and(eq(shareLinks.id, id), inScope));
    return rows[0] ?? null;
  }

  /** The links of one station (the caller's reach is checked by the service), newest first. */
  async listForStation(stationId: number): Promise<ShareLinkRow[]> {
    return this.db
      .select(columns)
      .from(shareLinks)
      .innerJoin(stations, eq(stations.id, shareLinks.stationId))
      .where(eq(shareLinks.stationId, stationId))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  }

  async update(
    id: number,
    set: { title?: string | null; expiresAt?: Date | null; revokedAt?: Date },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(shareLinks)
      .set({ ...set, updatedAt: now })
      .where(eq(shareLinks.id, id));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(shareLinks).where(eq(shareLinks.id, id));
  }

  async expiryOfToken(token: string): Promise<Date | null> {
    const rows = await this.db
      .select({ expiresAt: shareLinks.expiresAt })
      .from(shareLinks)
      .where(eq(shareLinks.token, token));
    return rows[0]?.expiresAt ?? null;
  }

  /**
   * The station of a share view, by id (the token was resolved before), with its status and power at
   * `now` from the station facts, as the station list shows them, and its newest reading's time.
   */
  async publicStation(stationId: number, now: Date): Promise<PublicStationRow | null> {
    const at = sql`${now.toISOString()}::timestamptz`;
    // Qualified by hand: in a one-table select drizzle writes its columns unqualified.
    const id = sql.raw('stations.id');
    const rows = await this.db
      .select({
        id: stations.id,
        name: stations.name,
        type: stations.type,
        capacityKwp: stations.capacityKwp,
        timeZone: stations.timeZone,
        currency: stations.currency,
        address: stations.address,
        status: sql<StationStatus>`${stationFactSql('status', id, at)}`,
        powerW: sql<number | null>`${stationFactSql('power_w', id, at)}`.mapWith(Number),
        updatedAt:
          sql<Date | null>`(select max(dl.ts) from device_latest dl join devices d on d.id = dl.device_id
          join gateways g on g.id = d.gateway_id where g.station_id = ${id})`.mapWith((v: unknown) =>
            v === null ? null : new Date(v as string),
          ),
      })
      .from(stations)
      .where(eq(stations.id, stationId));
    return rows[0] ?? null;
  }

  /**
   * Energy and income of the station from its day and month rollups, by the station's calendar: `today`
   * and `month` are the local date and the local first of the month (YYYY-MM-DD). Null when no rollup.
   */
  async energyTotals(stationId: number, today: string, month: string, year: string): Promise<EnergyTotals> {
    const [day] = await this.db
      .select({ energy: rollupStationDay.energyKwh, income: rollupStationDay.income })
      .from(rollupStationDay)
      .where(and(eq(rollupStationDay.stationId, stationId), eq(rollupStationDay.day, today)));
    const [sums] = await this.db
      .select({
        month: sql<
          number | null
        >`sum(${rollupStationMonth.energyKwh}) filter (where ${rollupStationMonth.month} = ${month}::date)`,
        year: sql<
          number | null
        >`sum(${rollupStationMonth.energyKwh}) filter (where extract(year from ${rollupStationMonth.month}) = ${Number(year)})`,
        total: sql<number | null>`sum(${rollupStationMonth.energyKwh})`,
        totalIncome: sql<number | null>`sum(${rollupStationMonth.income})`,
      })
      .from(rollupStationMonth)
      .where(eq(rollupStationMonth.stationId, stationId));
    const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
    return {
      todayKwh: num(day?.energy),
      todayIncome: num(day?.income),
      monthKwh: num(sums?.month),
      yearKwh: num(sums?.year),
      totalKwh: num(sums?.total),
      totalIncome: num(sums?.totalIncome),
    };
  }
}
