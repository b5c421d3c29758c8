// Stations, loggers, devices, commands and alarms of the authorisation matrix's two tenants (Step 2b).
// Written directly (the station API arrives with Step 3): each object carries a marker (zqS…q, zqG…q,
// zqD…q, zqK…q) so foreign data shows up in any response.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { alarms, commands, devices, gateways, stations } from '../src/db/schema.js';
import type { TestApp } from './helpers.js';
import { hashSecret } from '../src/modules/gateways/credentials.js';

export type DeviceKind =
  'station' | 'gateway' | 'device' | 'command' | 'shareLink' | 'subscription' | 'webhook' | 'alarm';

export interface DeviceObj {
  id: number | string;
  kind: DeviceKind;
  /** The station the object hangs off (null for an unbound logger and what hangs off it). */
  stationId: number | null;
  /** For stations: their company; for unbound loggers: the holding company. */
  companyId: number | null;
  ownerUserId: number | null;
  markers: string[];
}

interface Spec {
  companyId: number;
  ownerUserId: number | null;
  label: string;
}

/** Builds one station per spec (logger, inverter, command, alarm) and one unbound logger per company. */
export async function buildDeviceObjects(
  t: TestApp,
  specs: readonly Spec[],
  unboundHolders: readonly number[],
): Promise<DeviceObj[]> {
  const db = t.database.db;
  const out: DeviceObj[] = [];
  let n = 0;
  const sn = (prefix: string): string => `${prefix}ZQ${String(++n).padStart(6, '0')}`;
  for (const spec of specs) {
    const [station] = await db
      .insert(stations)
      .values({
        companyId: spec.companyId,
        ownerUserId: spec.ownerUserId,
        name: `Station ${spec.label}`,
        type: 'HOUSEHOLD_PV',
        capacityKwp: 10,
        price: 0.3,
      })
      .returning({ id: stations.id });
    if (!station) throw new Error('station not created');
    const marker = `zqS${station.id}q`;
    await db
      .update(stations)
      .set({ name: sql`${stations.name} || ' ' || ${marker}` })
      .where(sql`${stations.id} = ${station.id}`);
    out.push({
      id: station.id,
      kind: 'station',
      stationId: station.id,
      companyId: spec.companyId,
      ownerUserId: spec.ownerUserId,
      markers: [marker],
    });
    const gateway = await addGateway(t, sn('SFLG'), station.id, spec.companyId);
    out.push({ ...gateway, stationId: station.id, companyId: spec.companyId, ownerUserId: spec.ownerUserId });
    const [device] = await db
      .insert(devices)
      .values({
        gatewayId: Number(gateway.id),
        sn: sn('SFI1'),
        deviceType: 'INVERTER',
        model: 'SF-INV-1P-5K',
        unitId: 1,
      })
      .returning({ id: devices.id });
    if (!device) throw new Error('device not created');
    await db
      .update(devices)
      .set({ name: `Inverter zqD${device.id}q` })
      .where(sql`${devices.id} = ${device.id}`);
    out.push({
      id: device.id,
      kind: 'device',
      stationId: station.id,
      companyId: spec.companyId,
      ownerUserId: spec.ownerUserId,
      markers: [`zqD${device.id}q`],
    });
    const commandId = randomUUID();
    await db.insert(commands).values({
      id: commandId,
      gatewayId: Number(gateway.id),
      deviceId: device.id,
      name: 'register.read',
      params: { address: 40000, count: 2, note: `zqK${n}q` },
      idempotencyKey: `matrix-${n}`,
      state: 'DONE',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    out.push({
      id: commandId,
      kind: 'command',
      stationId: station.id,
      companyId: spec.companyId,
      ownerUserId: spec.ownerUserId,
      markers: [`zqK${n}q`],
    });
    const [alarm] = await db
      .insert(alarms)
      .values({
        gatewayId: Number(gateway.id),
        deviceId: device.id,
        recordId: `matrix-${n}`,
        kind: 'ALARM',
        code: 2031,
        level: 'IMPORTANT',
        message: `Grid overvoltage zqA${n}q`,
        startedAt: new Date(Date.now() - 3_600_000),
      })
      .returning({ id: alarms.id });
    out[out.length - 2]?.markers.push(`zqA${n}q`);
    if (alarm)
      out.push({
        id: alarm.id,
        kind: 'alarm',
        stationId: station.id,
        companyId: spec.companyId,
        ownerUserId: spec.ownerUserId,
        markers: [],
      });
  }
  for (const companyId of unboundHolders) {
    const gateway = await addGateway(t, sn('SFLG'), null, companyId);
    out.push({ ...gateway, stationId: null, companyId, ownerUserId: null });
  }
  return out;
}

async function addGateway(
  t: TestApp,
  serial: string,
  stationId: number | null,
  companyId: number,
): Promise<Pick<DeviceObj, 'id' | 'kind' | 'markers'>> {
  const db = t.database.db;
  const [row] = await db
    .insert(gateways)
    .values({
      sn: serial,
      model: 'SF-LOGGER-4G',
      secretHash: hashSecret('matrix-secret'),
      stationId,
      companyId,
      boundAt: stationId === null ? null : new Date(),
    })
    .returning({ id: gateways.id });
  if (!row) throw new Error('gateway not created');
  await db
    .update(gateways)
    .set({ name: `Logger zqG${row.id}q` })
    .where(sql`${gateways.id} = ${row.id}`);
  return { id: row.id, kind: 'gateway', markers: [`zqG${row.id}q`, serial] };
}

/** Whether a principal reaches a device-side object (mirrors modules/tenancy/device-scope.ts). */
export function reachesDeviceObj(
  o: DeviceObj,
  p: { kind: string; userId: number },
  tree: readonly number[],
): boolean {
  if (p.kind === 'anonymous') return false;
  if (o.stationId === null) return p.kind !== 'owner' && tree.includes(o.companyId ?? -1);
  return p.kind === 'owner' ? o.ownerUserId === p.userId : tree.includes(o.companyId ?? -1);
}
