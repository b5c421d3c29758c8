// Storage mode and periods, protocol forwarding and factory reset against the simulator's logger over real
// MQTT (docs/remote.md "Storage", "Forwarding", "Factory reset"): the battery's next readings follow the
// mode sent; forwarded copies reach HTTP, MQTT and TCP receivers; a reset is refused while the inverter
// feeds in and accepted in standby.
import type {
  ForwardingAnswer,
  ForwardingSettings,
  RegisterReadAnswer,
  RegisterWriteAnswer,
  RemoteOutcome,
  StorageSettings,
} from '@sunfleet/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commands } from '../src/db/schema.js';
import { oneDatabase } from './helpers.js';
import { startMqttReceiver, startTcpReceiver, type Receiver } from './remote-receivers.js';
import { CHARGE_STATE, INVERTER_STATE, startRemoteWorld, type RemoteWorld } from './remote-support.js';
import { until } from './support/sim-world.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/** SunSpec model 124 ChaSt: discharging. */
const DISCHARGING = 3;

describe.each(oneDatabase('pglite'))('remote settings on %s', (kind) => {
  let w: RemoteWorld;
  let http: WebhookReceiver;
  let mqtt: Receiver;
  let tcp: Receiver;
  beforeAll(async () => {
    [w, http, mqtt, tcp] = await Promise.all([
      startRemoteWorld(kind),
      startReceiver(),
      startMqttReceiver(),
      startTcpReceiver(),
    ]);
  });
  afterAll(async () => {
    await w.close();
    await Promise.all([http.close(), mqtt.close(), tcp.close()]);
  });

  const storage = () => w.installer1.get<StorageSettings>(`/remote/storage/${w.battery.id}`);
  const setStorage = (body: Record<string, unknown>, deviceId = w.battery.id) =>
    w.installer1.put<StorageSettings>(`/remote/storage/${deviceId}`, body);
  const forward = (body: Record<string, unknown>) =>
    w.installer1.put<ForwardingAnswer>(`/remote/forwarding/${w.logger.id}`, body);
  const isTelemetry = (body: string): boolean => {
    try {
      const message = JSON.parse(body) as { readings?: { dev?: string }[] };
      return message.readings?.some((r) => r.dev === w.battery.sn) ?? false;
    } catch {
      return false;
    }
  };

  describe('storage', () => {
    it('reads the work mode from the battery; nothing sent from the cloud yet', async () => {
      const answer = await storage();
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({
        state: 'DONE',
        deviceId: w.battery.id,
        mode: 2,
        periods: [],
        lastSent: null,
        localControl: false,
      });
      expect(answer.data.commands).toEqual([
        expect.objectContaining({ name: 'register.read', state: 'DONE' }),
      ]);
    });

    it('switches full feed-in to emergency charging: the battery’s next readings charge', async () => {
      await w.reading(w.battery.id, new Date(0), (r) => r.statusCode === DISCHARGING && (r.powerW ?? 0) > 0);
      const answer = await setStorage({ mode: 1 });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ state: 'DONE', mode: 1, periods: [] });
      expect(answer.data.commands).toEqual([
        expect.objectContaining({ name: 'storage.mode', state: 'DONE', error: null }),
      ]);
      expect(answer.data.lastSent).toMatchObject({
        mode: 1,
        periods: [],
        commandId: answer.data.commands[0]?.id,
        state: 'DONE',
      });
      const charging = await w.reading(
        w.battery.id,
        new Date(),
        (r) => r.statusCode === CHARGE_STATE.CHARGING && (r.powerW ?? 0) < 0,
      );
      expect(charging.powerW).toBeLessThan(0);
      expect((await storage()).data).toMatchObject({ mode: 1, lastSent: { mode: 1, state: 'DONE' } });
    });

    it('sends time-shared control with its periods; the battery follows the period now running', async () => {
      const periods = [
        { start: '00:00', end: '12:00', mode: 'CHARGE', powerW: 2000 },
        { start: '12:00', end: '00:00', mode: 'CHARGE', powerW: 2000 },
      ];
      const answer = await setStorage({ mode: 4, periods });
      expect(answer.data).toMatchObject({ state: 'DONE', mode: 4, periods });
      expect(answer.data.commands.map((c) => [c.name, c.state])).toEqual([
        ['storage.mode', 'DONE'],
        ['storage.timeSlots', 'DONE'],
      ]);
      expect(answer.data.lastSent).toMatchObject({
        mode: 4,
        periods,
        commandId: answer.data.commands[1]?.id,
      });
      await w.reading(w.battery.id, new Date(), (r) => r.powerW === -2000);
      expect((await storage()).data).toMatchObject({ mode: 4, periods });

      // Another mode keeps the periods last sent: only storage.mode goes out.
      const self = await setStorage({ mode: 0, periods: [{ start: '01:00', end: '02:00', mode: 'CHARGE' }] });
      expect(self.data.commands.map((c) => c.name)).toEqual(['storage.mode']);
      expect(self.data).toMatchObject({ mode: 0, periods, lastSent: { mode: 0, periods } });
    });

    it('refuses overlapping or malformed periods and non-batteries with 4000, sending nothing', async () => {
      const before = await w.commandCount();
      const overlap = await setStorage({
        mode: 4,
        periods: [
          { start: '08:00', end: '12:00', mode: 'CHARGE' },
          { start: '11:00', end: '13:00', mode: 'DISCHARGE' },
        ],
      });
      expect(overlap).toMatchObject({ status: 4000, enMsg: 'rule.timePeriodDuplicate' });
      const repeated = await setStorage({
        mode: 4,
        periods: [
          { start: '22:00', end: '02:00', mode: 'CHARGE' },
          { start: '01:00', end: '03:00', mode: 'CHARGE' },
        ],
      });
      expect(repeated).toMatchObject({ status: 4000, enMsg: 'rule.timePeriodDuplicate' });
      const seven = Array.from({ length: 7 }, (_, i) => ({
        start: `0${i}:00`,
        end: `0${i}:30`,
        mode: 'CHARGE',
      }));
      expect(await setStorage({ mode: 4, periods: seven })).toMatchObject({ status: 4000 });
      expect(
        await setStorage({ mode: 4, periods: [{ start: '25:00', end: '02:00', mode: 'CHARGE' }] }),
      ).toMatchObject({ status: 4000 });
      expect(await setStorage({ mode: 5 })).toMatchObject({ status: 4000 });
      expect(await setStorage({ mode: 1 }, w.inverter.id)).toMatchObject({
        status: 4000,
        enMsg: 'remote.notBattery',
      });
      expect(await w.installer1.get(`/remote/storage/${w.meter.id}`)).toMatchObject({
        status: 4000,
        enMsg: 'remote.notBattery',
      });
      expect(await w.commandCount()).toBe(before);
    });
  });

  describe('forwarding', () => {
    it('forwards copies to an HTTP receiver with every serial setting sent along', async () => {
      const config = {
        protocol: 'HTTP',
        url: http.url('/copies'),
        serialPort: 2,
        baudRate: 19_200,
        parity: 'EVEN',
        stopBits: 2,
        acquisitionInterval: 30,
      };
      const answer = await forward(config);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ state: 'DONE', config });
      const [command] = await w.db
        .select()
        .from(commands)
        .where(eq(commands.id, answer.data.commands[0]!.id));
      expect(command).toMatchObject({ name: 'forwarding.set', params: config, deviceId: null });
      await until(
        async () => http.calls.some((c) => c.path === '/copies' && isTelemetry(c.body)),
        'an HTTP copy',
      );
      const settings = await w.installer1.get<ForwardingSettings>(`/remote/forwarding/${w.logger.id}`);
      expect(settings.data).toMatchObject({
        gatewayId: w.logger.id,
        config,
        commandId: command?.id,
        state: 'DONE',
        error: null,
      });
      expect(typeof settings.data.updatedAt).toBe('number');
    });

    it('forwards copies to an MQTT broker (the topic from the URL) and to a TCP listener', async () => {
      const viaMqtt = await forward({ protocol: 'MQTT', url: `mqtt://127.0.0.1:${mqtt.port}/site/copies` });
      expect(viaMqtt.data.state).toBe('DONE');
      await until(
        async () => mqtt.received.some((m) => m.where === 'site/copies' && isTelemetry(m.body)),
        'an MQTT copy',
      );
      const viaTcp = await forward({ protocol: 'TCP', host: '127.0.0.1', port: tcp.port, uploadInterval: 5 });
      expect(viaTcp.data.state).toBe('DONE');
      await until(async () => tcp.received.some((m) => isTelemetry(m.body)), 'a TCP copy');
      const off = await forward({ protocol: 'OFF' });
      expect(off.data).toMatchObject({ state: 'DONE', config: { protocol: 'OFF' } });
      expect(
        (await w.installer1.get<ForwardingSettings>(`/remote/forwarding/${w.logger.id}`)).data,
      ).toMatchObject({ config: { protocol: 'OFF' }, state: 'DONE' });
    });

    it('refuses a missing, malformed or mixed endpoint with 4000, sending nothing', async () => {
      const before = await w.commandCount();
      for (const body of [
        { protocol: 'HTTP' },
        { protocol: 'HTTP', url: 'ftp://example.com/x' },
        { protocol: 'HTTP', url: 'not a url' },
        { protocol: 'HTTP', url: 'http://example.com/x', port: 80 },
        { protocol: 'MQTT', url: 'http://example.com/topic' },
        { protocol: 'TCP', host: '127.0.0.1' },
        { protocol: 'TCP', host: 'bad host!', port: 9000 },
        { protocol: 'TCP', url: 'tcp://127.0.0.1:9000', port: 9000 },
        { protocol: 'OFF', url: 'http://example.com/x' },
      ])
        expect(await forward(body), JSON.stringify(body)).toMatchObject({
          status: 4000,
          enMsg: 'remote.forwardingEndpoint',
        });
      for (const body of [
        { protocol: 'SMTP', url: 'http://example.com' },
        { protocol: 'OFF', baudRate: 1000 },
        { protocol: 'OFF', parity: 'MARK' },
        { protocol: 'OFF', serialPort: 5 },
      ])
        expect(await forward(body), JSON.stringify(body)).toMatchObject({ status: 4000 });
      expect(await w.commandCount()).toBe(before);
    });
  });

  describe('factory reset', () => {
    const reset = (confirm: string) =>
      w.installer1.post<RemoteOutcome>('/remote/factoryReset', { deviceId: w.inverter.id, confirm });

    it('needs the device’s SN typed exactly', async () => {
      const before = await w.commandCount();
      for (const confirm of ['', w.inverter.sn.toLowerCase(), `${w.inverter.sn} `, w.battery.sn])
        expect(await reset(confirm)).toMatchObject({ status: 4000, enMsg: 'remote.confirmMismatch' });
      expect(await w.commandCount()).toBe(before);
    });

    it('is refused while the inverter feeds in and accepted once it is in standby', async () => {
      await w.reading(
        w.inverter.id,
        new Date(0),
        (r) => r.statusCode === INVERTER_STATE.MPPT && (r.powerW ?? 0) > 0,
      );
      const refused = await reset(w.inverter.sn);
      expect(refused.status).toBe(200);
      expect(refused.data).toMatchObject({
        state: 'FAILED',
        commands: [{ name: 'device.factoryReset', state: 'FAILED', error: 'not-in-standby' }],
      });

      // Disconnected from the grid (model 123 Conn = 0), the inverter stands by.
      const off = await w.installer1.post<RegisterWriteAnswer>('/remote/register/write', {
        deviceId: w.inverter.id,
        writes: [{ key: 'Conn', value: 0 }],
      });
      expect(off.data).toMatchObject({ state: 'DONE', applied: true });
      await w.reading(w.inverter.id, new Date(), (r) => r.statusCode === INVERTER_STATE.STANDBY);
      const accepted = await reset(w.inverter.sn);
      expect(accepted.data).toMatchObject({
        state: 'DONE',
        commands: [{ name: 'device.factoryReset', state: 'DONE', error: null }],
      });
      // Back to its power-on settings: connected again.
      const conn = await w.installer1.post<RegisterReadAnswer>('/remote/register/read', {
        deviceId: w.inverter.id,
        group: 'settings',
      });
      expect(conn.data.registers.find((r) => r.key === 'Conn')?.value).toBe(1);
    });
  });

  it('audits every storage, forwarding and reset call with its outcome', async () => {
    const rows = await w.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'remote.storage.update',
          'remote.forwarding.update',
          'remote.factoryReset',
        ]),
      );
    const of = (action: string) => rows.filter((r) => r.action === action);
    expect(of('remote.storage.update').map((r) => r.status)).toEqual(expect.arrayContaining([200, 4000]));
    expect(of('remote.storage.update').find((r) => r.status === 200)).toMatchObject({
      targetType: 'device',
      targetId: String(w.battery.id),
      username: 'demo.installer1',
      detail: expect.objectContaining({ mode: 1, state: 'DONE' }) as unknown,
    });
    expect(of('remote.forwarding.update').find((r) => r.detail?.protocol === 'TCP')).toMatchObject({
      status: 200,
      targetType: 'gateway',
      targetId: String(w.logger.id),
    });
    expect(of('remote.forwarding.update').filter((r) => r.status === 4000).length).toBeGreaterThanOrEqual(9);
    const resets = of('remote.factoryReset');
    expect(resets.map((r) => [r.status, r.detail?.state ?? null])).toEqual(
      expect.arrayContaining([
        [4000, null],
        [200, 'FAILED'],
        [200, 'DONE'],
      ]),
    );
  });
});
