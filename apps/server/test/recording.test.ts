// Fault recording (Step 5c, docs/recording.md) over real MQTT with the simulator's loggers: every rule of the
// configuration refuses a bad one before anything is stored or sent; a manual recording answers with the
// waveforms and its CSV export reads back exactly what the simulated inverter sent; a fault configured in
// the fleet makes the simulated logger send an automatic recording, stored once however often it arrives;
// recordings stay within the caller's reach; starting one needs recording:start and is audited.
import {
  parseRecordingCsv,
  uplinkTopic,
  type FleetFile,
  type RecordingStartBody,
  type RecordingView,
} from '@sunfleet/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commands, ingestDeadLetters, recordings } from '../src/db/schema.js';
import { bearer, oneDatabase } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import {
  registerAddress,
  remoteFleet,
  startSimWorld,
  until,
  type RemoteFleetSns,
  type SimWorld,
} from './support/sim-world.js';
import type { Client } from './telemetry-api-support.js';

const MODEL = 'SF-INV-1P-5K';
/** Fault 3001 of the simulator's catalogue for inverters, opened at the run's first step. */
const FAULT_CODE = 3001;

/**
 * The remote-operations fleet (station A of installer 1's company, B of installer 2's) with the fault opened
 * on A's second inverter at the run's first step.
 */
function recordingFleet(tag: string): { fleet: FleetFile; sns: RemoteFleetSns } {
  const { fleet, sns } = remoteFleet(tag);
  const faulty = fleet.stations
    .flatMap((s) => s.loggers.flatMap((l) => l.devices))
    .find((d) => d.sn === sns.inverter2)!;
  faulty.faults = [{ code: FAULT_CODE, afterS: 0 }];
  return { fleet, sns };
}

type Page = { total: number; list: RecordingView[] };

describe.each(oneDatabase('postgres'))('fault recording on %s', (kind) => {
  const tag = kind === 'pglite' ? 'RCL' : 'RCP';
  const { fleet, sns } = recordingFleet(tag);
  let w: SimWorld;
  let installer1: Client;
  let installer2: Client;
  let owner: Client;
  let installer1Token: string;
  let voltage: number;
  let energy: number;
  let state: number;

  const id = (sn: string): number => w.deviceIds.get(sn)!;
  const stored = async () => [await countRows(w.t, 'recordings'), await countRows(w.t, 'commands')];
  const body = (extra: Partial<RecordingStartBody> = {}): RecordingStartBody => ({
    deviceId: id(sns.inverter1),
    source: 'MASTER_DSP',
    trigger: 'FAULT',
    channels: [
      { channel: 1, address: voltage, dataType: 'S16' },
      { channel: 2, address: energy, dataType: 'U32' },
    ],
    samplingPeriodMs: 1,
    triggerAddress: state,
    delayMs: 0,
    zoom: 0.1,
    samples: 40,
    ...extra,
  });

  beforeAll(async () => {
    w = await startSimWorld(kind, fleet, { remoteAnswerWaitMs: 6_000 });
    // Installer managers record here, within their own reach; the owner may not.
    await w.db.execute(
      sql`update roles set permissions = permissions || array['recording:start'] where id = 2`,
    );
    await setPasswords(w.t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    installer1Token = await w.t.login('demo.installer1', DEMO_PASSWORD);
    installer1 = as(w.t, installer1Token);
    installer2 = as(w.t, await w.t.login('demo.installer2', DEMO_PASSWORD));
    owner = as(w.t, await w.t.login('demo.owner1', DEMO_PASSWORD));
    voltage = await registerAddress(w.db, MODEL, 'PhVphA');
    energy = await registerAddress(w.db, MODEL, 'WH');
    state = await registerAddress(w.db, MODEL, 'St');
  }, 180_000);

  afterAll(async () => {
    await w?.close();
  });

  it('refuses every bad configuration with its rule, a battery, a foreign device and a user without recording:start, storing and sending nothing', async () => {
    const before = await stored();
    const rules = async (b: unknown): Promise<[string, string][]> => {
      const res = await installer1.post<{ field: string; rule: string }[]>('/recording/start', b);
      expect(res.status, JSON.stringify(b)).toBe(4000);
      return res.data.map((e) => [e.field, e.rule]);
    };
    const one = { channel: 1, address: voltage, dataType: 'S16' as const };
    expect(await rules(body({ channels: [one, { ...one, address: energy }] }))).toEqual([
      ['body.channels[1].channel', 'recording.channelRepeated'],
    ]);
    expect(await rules(body({ channels: [{ channel: 1, address: 65_535, dataType: 'F32' }] }))).toEqual([
      ['body.channels[0].address', 'recording.addressOutOfRange'],
    ]);
    // Several problems at once: each named.
    expect(
      await rules(
        body({
          channels: [
            { channel: 2, address: 65_535, dataType: 'U32' },
            { ...one, channel: 2 },
          ],
          trigger: 'LEVEL',
        }),
      ),
    ).toEqual([
      ['body.channels[0].address', 'recording.addressOutOfRange'],
      ['body.channels[1].channel', 'recording.channelRepeated'],
      ['body.triggerLevel', 'recording.triggerLevelRequired'],
    ]);
    expect(await rules(body({ trigger: 'LEVEL' }))).toEqual([
      ['body.triggerLevel', 'recording.triggerLevelRequired'],
    ]);
    expect(await rules(body({ triggerLevel: 5 }))).toEqual([
      ['body.triggerLevel', 'recording.triggerLevelUnexpected'],
    ]);
    expect(await rules(body({ deviceId: id(sns.battery) }))).toEqual([
      ['body.deviceId', 'recording.notInverter'],
    ]);
    // Each field's range and type (the schema): channel 17, an unknown data type, period 0, zoom 0, …
    for (const bad of [
      { channels: [{ ...one, channel: 17 }] },
      { channels: [{ ...one, dataType: 'U16' }] },
      { channels: [] },
      { samplingPeriodMs: 0 },
      { samplingPeriodMs: 60_001 },
      { zoom: 0 },
      { samples: 9 },
      { samples: 1_001 },
      { channels: Array.from({ length: 9 }, (_, k) => ({ ...one, channel: k + 1 })) },
      { delayMs: -1 },
      { source: 'DSP3' },
      { trigger: 'ALWAYS' },
      { triggerLevel: 40_000, trigger: 'LEVEL' },
    ])
      expect(
        (await installer1.post('/recording/start', body(bad as Partial<RecordingStartBody>))).status,
      ).toBe(4000);
    expect((await installer1.post('/recording/start', body({ deviceId: id(sns.inverterB) }))).status).toBe(
      4004,
    );
    expect((await installer1.post('/recording/start', body({ deviceId: 999_999 }))).status).toBe(4004);
    expect((await owner.post('/recording/start', body())).status).toBe(4003);
    expect(await stored()).toEqual(before);
  });

  it('records manually: the answer holds the waveforms, and the CSV export reads back what the inverter sent', async () => {
    const res = await installer1.post<RecordingView>(
      '/recording/start',
      body({ trigger: 'LEVEL', triggerLevel: 3, source: 'SLAVE_DSP' }),
    );
    expect(res.status).toBe(200);
    const recording = res.data;
    expect(recording).toMatchObject({
      deviceId: id(sns.inverter1),
      deviceSn: sns.inverter1,
      mode: 'MANUAL',
      source: 'SLAVE_DSP',
      trigger: 'LEVEL',
      triggerLevel: 3,
      state: 'DONE',
      error: null,
      createdBy: 'demo.installer1',
      channelCount: 2,
    });
    // What the simulated inverter answered, as the command stored it.
    const [command] = await w.db.select().from(commands).where(eq(commands.id, recording.commandId!));
    expect(command?.params).toMatchObject({
      source: 'SLAVE_DSP',
      trigger: 'LEVEL',
      triggerLevel: 3,
      samples: 40,
    });
    const sent = (command!.result as { channels: { channel: number; samples: number[] }[] }).channels;
    expect(sent.map((c) => c.samples.length)).toEqual([40, 40]);
    expect(recording.channels.map((c) => c.samples)).toEqual(sent.map((c) => c.samples));

    const csv = await w.t.app.inject({
      method: 'GET',
      url: `/api/recording/${recording.id}/export`,
      headers: bearer(installer1Token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="recording-/);
    const read = parseRecordingCsv(csv.body);
    expect(read.header).toEqual(['time_ms', `ch1_${voltage}_S16`, `ch2_${energy}_U32`]);
    expect(read.columns[0]).toEqual(Array.from({ length: 40 }, (_, k) => k));
    expect(read.columns.slice(1)).toEqual(sent.map((c) => c.samples));

    expect((await installer1.get<RecordingView>(`/recording/${recording.id}`)).data).toEqual(recording);
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recording.start'), eq(auditLog.targetId, String(recording.id))));
    expect(audit).toMatchObject({ username: 'demo.installer1', status: 200, targetType: 'recording' });
    expect(audit?.detail).toMatchObject({ deviceId: id(sns.inverter1), channels: 2, state: 'DONE' });
    // Another company's installer: like a missing one.
    expect((await installer2.get(`/recording/${recording.id}`)).status).toBe(4004);
    const foreignCsv = await installer2.get(`/recording/${recording.id}/export`);
    expect(foreignCsv.status).toBe(4004);
  });

  it('answers FAILED with the device error when the inverter refuses (an address it does not have)', async () => {
    const res = await installer1.post<RecordingView>('/recording/start', body({ triggerAddress: 1 }));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ state: 'FAILED', error: 'illegal-address', channels: [] });
  });

  it('stores the recording the logger sends on a fault, once however often it arrives, and lists it', async () => {
    const auto = await until(
      async () => {
        const page = await installer1.get<Page>(
          `/recording/page?deviceId=${id(sns.inverter2)}&mode=AUTOMATIC`,
        );
        return page.data.list[0];
      },
      'the automatic recording of the injected fault',
      60_000,
    );
    expect(auto).toMatchObject({
      deviceSn: sns.inverter2,
      mode: 'AUTOMATIC',
      trigger: 'FAULT',
      source: 'MASTER_DSP',
      faultCode: FAULT_CODE,
      state: 'DONE',
      commandId: null,
      createdBy: null,
      channels: [],
    });
    const detail = (await installer1.get<RecordingView>(`/recording/${auto.id}`)).data;
    expect(detail.channels[0]).toMatchObject({ address: voltage, dataType: 'S16' });
    expect(detail.channels.every((c) => c.samples.length === 100)).toBe(true);

    // The same message again (a redelivery): still one recording.
    const [row] = await w.db.select().from(recordings).where(eq(recordings.id, auto.id));
    const message = {
      v: 1,
      id: row!.recordId,
      dev: sns.inverter2,
      source: row!.source,
      trigger: row!.trigger,
      faultCode: row!.faultCode,
      triggerAddress: row!.triggerAddress,
      triggerValue: row!.triggerValue,
      startedAt: row!.startedAt!.getTime(),
      samplingPeriodMs: row!.samplingPeriodMs,
      delayMs: row!.delayMs,
      zoom: row!.zoom,
      channels: row!.channels,
    };
    const hand = (payload: unknown) =>
      w.ingest.handle({
        sn: sns.loggerA1,
        topic: uplinkTopic(sns.loggerA1, 'recording'),
        payload: Buffer.from(JSON.stringify(payload)),
      });
    await hand(message);
    await hand({ ...message, id: 'other-record', samplingPeriodMs: 0 });
    const count = async (): Promise<number> =>
      (
        await w.db
          .select()
          .from(recordings)
          .where(eq(recordings.deviceId, id(sns.inverter2)))
      ).length;
    expect(await count()).toBe(1);
    // A recording that breaks the schema is refused whole and kept as a dead letter.
    const dead = await w.db
      .select()
      .from(ingestDeadLetters)
      .where(eq(ingestDeadLetters.topic, uplinkTopic(sns.loggerA1, 'recording')));
    expect(dead.map((d) => d.reason)).toEqual(['schema']);
    expect(await count()).toBe(1);

    // Listed with the manual ones of the station, within reach only.
    const stationId = detail.stationId!;
    const all = await installer1.get<Page>(`/recording/page?stationId=${stationId}`);
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((r) => r.mode).sort()).toEqual(['AUTOMATIC', 'MANUAL', 'MANUAL']);
    expect(
      (await installer1.get<Page>(`/recording/page?stationId=${stationId}&mode=MANUAL`)).data.total,
    ).toBe(2);
    expect((await installer2.get<Page>('/recording/page')).data.total).toBe(0);
  }, 90_000);
});
