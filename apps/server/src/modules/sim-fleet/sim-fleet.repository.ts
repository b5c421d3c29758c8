// SQL of the fleet provisioning: the companies, owners, stations and loggers a fleet file names. Only rows
// marked simulated are ever changed here, apart from flagging the demo distributor itself as simulated.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StationType } from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import { companies, gateways, stations, users } from '../../db/schema.js';

export interface StationValues {
  companyId: number;
  ownerUserId: number | null;
  name: string;
  type: StationType;
  address: string;
  latitude: number;
  longitude: number;
  installedAt: Date | null;
  capacityKwp: number;
  price: number;
  currency: string;
  timeZone: string;
}

export interface GatewayRecord {
  id: number;
  sn: string;
  model: string;
  stationId: number | null;
  companyId: number | null;
  secretHash: string;
  simulated: boolean;
  boundAt: Date | null;
}

export interface NewSimGateway {
  sn: string;
  model: string;
  companyId: number;
  stationId: number;
  secretHash: string;
  uploadIntervalS: number;
  boundAt: Date;
}

const STATION_FIELDS = [
  'companyId',
  'ownerUserId',
  'name',
  'type',
  'address',
  'latitude',
  'longitude',
  'installedAt',
  'capacityKwp',
  'price',
  'currency',
  'timeZone',
] as const satisfies readonly (keyof StationValues)[];

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return a === b;
}

export class SimFleetRepository {
  constructor(private readonly db: Db) {}

  async existingCompanyIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  /** Flags a company simulated (the demo distributor); true when it changed. */
  async markCompanySimulated(id: number): Promise<boolean> {
    const rows = await this.db
      .update(companies)
      .set({ simulated: true, updatedAt: new Date() })
      .where(and(eq(companies.id, id), eq(companies.simulated, false)))
      .returning({ id: companies.id });
    return rows.length > 0;
  }

  /** Users by lower-cased user name. */
  async usersByName(usernames: readonly string[]): Promise<Map<string, { id: number; companyId: number }>> {
    const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
    if (lower.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, username: users.username, companyId: users.companyId })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, lower));
    return new Map(rows.map((r) => [r.username.toLowerCase(), { id: r.id, companyId: r.companyId }]));
  }

  async gatewaysBySn(sns: readonly string[]): Promise<Map<string, GatewayRecord>> {
    if (sns.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: gateways.id,
        sn: gateways.sn,
        model: gateways.model,
        stationId: gateways.stationId,
        companyId: gateways.companyId,
        secretHash: gateways.secretHash,
        simulated: gateways.simulated,
        boundAt: gateways.boundAt,
      })
      .from(gateways)
      .where(inArray(gateways.sn, [...sns]));
    return new Map(rows.map((r) => [r.sn, r]));
  }

  /** The ids among `ids` of stations marked simulated. */
  async simulatedStationIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: stations.id })
      .from(stations)
      .where(and(inArray(stations.id, [...ids]), eq(stations.simulated, true)));
    return new Set(rows.map((r) => r.id));
  }

  async insertStation(values: StationValues): Promise<number> {
    const rows = await this.db
      .insert(stations)
      .values({ ...values, simulated: true })
      .returning({ id: stations.id });
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('station insert returned no id');
    return id;
  }

  /** Brings a simulated station to the fleet file's values; true when something changed. */
  async updateStation(id: number, values: StationValues): Promise<boolean> {
    const rows = await this.db.select().from(stations).where(eq(stations.id, id));
    const row = rows[0];
    if (!row) return false;
    if (row.simulated && STATION_FIELDS.every((f) => same(row[f], values[f]))) return false;
    await this.db
      .update(stations)
      .set({ ...values, simulated: true, updatedAt: new Date() })
      .where(eq(stations.id, id));
    return true;
  }

  async insertGateway(gateway: NewSimGateway): Promise<void> {
    await this.db.insert(gateways).values({ ...gateway, mac: null, simulated: true });
  }

  async updateGateway(
    id: number,
    changes: Partial<Pick<GatewayRecord, 'model' | 'stationId' | 'companyId' | 'secretHash' | 'boundAt'>>,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db.update(gateways).set(changes).where(eq(gateways.id, id));
  }
}
