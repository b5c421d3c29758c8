// AC coupling delivered to the device (docs/remote.md "AC coupling") over real MQTT with the simulator's
// loggers: set, update and release are sent as acCouple.set and answered with where the change stands
// (APPLIED, FAILED with the device's error, PENDING while the device is silent); the inverter's limit
// registers and next readings follow; a device under local control refuses before anything is stored or
// sent. Both databases.
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acCoupleSettings, auditLog, telemetry } from '../src/db/schema.js';
import { oneDatabase } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import {
  addOfflineInverter,
  remoteFleet,
  startSimWorld,
  waitFor,
  type RemoteFleetSns,
  type SimWorld,
} from './support/sim-world.js';
import type { Client } from './telemetry-api-support.js';

interface Setting {
  deviceId: number;
  enabled: boolean;
  coupledDeviceId: number | null;
  maxFeedInKw: number | null;
  state: string;
  sentAt: string | null;
  commandId: string | null;
  delivery: string | null;
  deliveryError: string | null;
}
interface Command {
  id: string;
  name: string;
  state: string;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  finishedAt: number | null;
}
interface TestView {
  rows: { state: string; values: Record<string, number | string | null> }[];
}

/** Long enough for a simulated logger to answer; an offline device makes the call wait this long. */
const ANSWER_WAIT_MS = 4_000;

describe.each(oneDatabase('postgres'))('AC coupling delivery on %s', (kind) => {
  const tag = kind === 'pglite' ? 'ACL' : 'ACP';
  const { fleet, sns } = remoteFleet(tag);
  let w: SimWorld;
  let admin: Client;
  let installer1: Client;
  let installer2: Client;
  let owner1: Client;

  const id = (sn: keyof RemoteFleetSns): number => w.deviceIds.get(sns[sn])!;
  const couple = (
    client: Client,
    deviceId: number,
    coupledDeviceId: number | null,
    maxFeedInKw: number | null,
  ) => client.put<Setting>('/station/gateway/inverter/acCouple', { deviceId, coupledDeviceId, maxFeedInKw });
  const release = (client: Client, deviceId: number) =>
    client.put<Setting>(`/station/gateway/inverter/acCouple/${deviceId}`);
  const command = async (commandId: string): Promise<Command> =>
    (await admin.get<Command>(`/command/${commandId}`)).data;
  /** The inverter's model 123 limit registers, read from the device now (a batch register test of one). */
  const limitRegisters = async (deviceId: number): Promise<Record<string, number | string | null>> => {
    const test = await admin.post<TestView>('/remote/registerTest', {
      model: 'SF-INV-1P-5K',
      deviceIds: [deviceId],
      keys: ['WMaxLimPct', 'WMaxLim_Ena'],
    });
    expect(test.status).toBe(200);
    expect(test.data.rows[0]?.state).toBe('DONE');
    return test.data.rows[0]!.values;
  };

  beforeAll(async () => {
    w = await startSimWorld(kind, fleet, { remoteAnswerWaitMs: ANSWER_WAIT_MS });
    await setPasswords(w.t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    admin = as(w.t, await w.t.login());
    installer1 = as(w.t, await w.t.login('demo.installer1', DEMO_PASSWORD));
    installer2 = as(w.t, await w.t.login('demo.installer2', DEMO_PASSWORD));
    owner1 = as(w.t, await w.t.login('demo.owner1', DEMO_PASSWORD));
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it('sets a coupling: the inverter applies it, its limit registers and next readings show the limit', async () => {
    const set = await couple(installer1, id('inverter1'), id('battery'), 2);
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      deviceId: id('inverter1'),
      enabled: true,
      coupledDeviceId: id('battery'),
      maxFeedInKw: 2,
      state: 'SET',
      delivery: 'APPLIED',
      deliveryError: null,
    });
    expect(set.data.sentAt).not.toBeNull();
    const sent = await command(set.data.commandId!);
    expect(sent).toMatchObject({
      name: 'acCouple.set',
      state: 'DONE',
      params: { coupledSn: sns.battery, maxFeedInW: 2000 },
      result: { dev: sns.inverter1, coupledSn: sns.battery, maxFeedInW: 2000 },
    });
    expect(Date.parse(set.data.sentAt!)).toBe(sent.finishedAt);
    // 2 kW of a 5 kW inverter: 40 %, enabled.
    expect(await limitRegisters(id('inverter1'))).toEqual({ WMaxLimPct: 40, WMaxLim_Ena: 1 });
    // The next readings: the limited inverter stays within 2 kW while its twin without a limit feeds in more.
    const appliedAt = new Date();
    const next = async (deviceId: number): Promise<{ powerW: number | null; extra: unknown }> => {
      let newest: { powerW: number | null; extra: unknown } | undefined;
      await waitFor(async () => {
        [newest] = await w.db
          .select({ powerW: telemetry.powerW, extra: telemetry.extra })
          .from(telemetry)
          .where(and(eq(telemetry.deviceId, deviceId), gt(telemetry.receivedAt, appliedAt)))
          .orderBy(desc(telemetry.ts))
          .limit(1);
        return newest !== undefined;
      }, 'a reading after the limit');
      return newest!;
    };
    const limited = await next(id('inverter1'));
    expect(limited.extra).toMatchObject({ WMaxLimPct: 40, WMaxLim_Ena: 1 });
    expect(limited.powerW).not.toBeNull();
    expect(limited.powerW!).toBeLessThanOrEqual(2000);
    expect((await next(id('inverter2'))).powerW!).toBeGreaterThan(2000);

    const got = await installer1.get<Setting>(`/station/gateway/inverter/acCouple/${id('inverter1')}`);
    expect(got.data).toEqual(set.data);
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.acCouple.set'), eq(auditLog.targetId, String(id('inverter1')))));
    expect(audit?.detail).toMatchObject({ commandId: set.data.commandId, delivery: 'APPLIED' });
  });

  it('updates and releases a coupling: the limit follows, then is lifted', async () => {
    const update = await couple(admin, id('inverter1'), id('battery'), 3);
    expect(update.data).toMatchObject({ state: 'UPDATED', maxFeedInKw: 3, delivery: 'APPLIED' });
    expect(await limitRegisters(id('inverter1'))).toEqual({ WMaxLimPct: 60, WMaxLim_Ena: 1 });

    const released = await release(admin, id('inverter1'));
    expect(released.status).toBe(200);
    expect(released.data).toMatchObject({ state: 'RELEASED', enabled: false, delivery: 'APPLIED' });
    expect(released.data.commandId).not.toBe(update.data.commandId);
    expect((await command(released.data.commandId!)).params).toEqual({ coupledSn: null, maxFeedInW: null });
    expect((await limitRegisters(id('inverter1'))).WMaxLim_Ena).toBe(0);

    const before = await countRows(w.t, 'commands');
    const again = await release(admin, id('inverter1'));
    expect(again.status).toBe(4000);
    expect(again.enMsg).toBe('stationDevices.acCoupleNotSet');
    expect(await countRows(w.t, 'commands')).toBe(before);
  });

  it("answers FAILED with the device's error when the device refuses the coupling", async () => {
    // Same station, but behind another logger: the device cannot reach its partner.
    const res = await couple(admin, id('inverter2'), id('inverter4'), null);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      state: 'SET',
      delivery: 'FAILED',
      deliveryError: 'unknown-device',
      sentAt: null,
    });
    expect((await command(res.data.commandId!)).state).toBe('FAILED');
  });

  it('refuses a device under local control (4003) and stores and sends nothing', async () => {
    const before = [await countRows(w.t, 'commands'), await countRows(w.t, 'ac_couple_settings')];
    const res = await couple(admin, id('localInverter'), id('battery'), 1);
    expect(res.status).toBe(4003);
    expect(res.enMsg).toBe('remote.localControl');
    // Control authority comes before the input checks: a release, or a pairing the rules refuse, is 4003.
    const free = await release(admin, id('localInverter'));
    expect(free.status).toBe(4003);
    expect((await couple(admin, id('localInverter'), id('localInverter'), null)).status).toBe(4003);
    expect([await countRows(w.t, 'commands'), await countRows(w.t, 'ac_couple_settings')]).toEqual(before);
    expect(
      (await admin.get<{ localControl: boolean }>(`/device/${id('localInverter')}`)).data.localControl,
    ).toBe(true);
  });

  it('answers PENDING while the device is silent, and FAILED once its command expires', async () => {
    const offline = await addOfflineInverter(w, sns.loggerA1, `SFI1${tag}OFF`);
    const res = await couple(admin, offline, id('battery'), 1.5);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: 'SET', delivery: 'PENDING', deliveryError: null, sentAt: null });
    const get = () => admin.get<Setting>(`/station/gateway/inverter/acCouple/${offline}`);
    expect((await get()).data.delivery).toBe('PENDING');
    w.t.clock.advance(301);
    await w.dispatcher.runOnce();
    expect((await get()).data).toMatchObject({ delivery: 'FAILED', deliveryError: 'expired', sentAt: null });
    const [row] = await w.db.select().from(acCoupleSettings).where(eq(acCoupleSettings.deviceId, offline));
    expect(row?.commandId).toBe(res.data.commandId);
  });

  it('keeps foreign devices out of reach (4004) and owners out of the settings (4003)', async () => {
    const before = [await countRows(w.t, 'commands'), await countRows(w.t, 'ac_couple_settings')];
    const foreign = await couple(installer2, id('inverter2'), null, 1);
    expect(foreign.status).toBe(4004);
    expect((await couple(installer1, id('inverterB'), null, 1)).status).toBe(4004);
    expect((await couple(owner1, id('inverter2'), null, 1)).status).toBe(4003);
    expect((await release(installer2, id('inverter2'))).status).toBe(4004);
    expect([await countRows(w.t, 'commands'), await countRows(w.t, 'ac_couple_settings')]).toEqual(before);
  });
});
