// The command centre (docs/remote.md "Command centre") over real MQTT with the simulator's loggers: the
// list of every command in reach with its filters, one command, retry of a failed or expired one (a new
// command with retryOf, the operation's own permission, local control refused, a double retry sends one),
// the live state stream, and expiry announced and audited. Both databases.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commands, devices, gateways } from '../src/db/schema.js';
import { oneDatabase } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords, userIdOf } from './organisation-fixtures.js';
import {
  addOfflineInverter,
  registerAddress,
  remoteFleet,
  startSimWorld,
  waitFor,
  type RemoteFleetSns,
  type SimWorld,
} from './support/sim-world.js';
import { Stream } from './support/sse.js';
import { withoutRequestId, type Client } from './telemetry-api-support.js';

interface Command {
  id: string;
  gatewayId: number;
  deviceId: number | null;
  name: string;
  params: Record<string, unknown>;
  idempotencyKey: string;
  state: string;
  createdBy: string | null;
  createdByUserId: number | null;
  stationId: number | null;
  stationName: string | null;
  retryOf: string | null;
  createdAt: number;
  expiresAt: number;
  error: string | null;
  result: Record<string, unknown> | null;
}
type Page = { total: number; list: Command[] };

const ENDED = ['DONE', 'FAILED', 'EXPIRED'];

describe.each(oneDatabase('pglite'))('command centre on %s', (kind) => {
  const tag = kind === 'pglite' ? 'CCL' : 'CCP';
  const { fleet, sns } = remoteFleet(tag);
  let w: SimWorld;
  let admin: Client;
  let installer1: Client;
  let installer2: Client;
  let owner1: Client;
  let base: string;
  const tokens: Record<string, string> = {};
  const streams: Stream[] = [];
  const gatewayOf = new Map<string, number>();
  let stationA: number;
  let offline: number;
  let offlineGateway: number;
  let snAddress: number;
  let powerAddress: number;
  let limitAddress: number;

  const id = (sn: keyof RemoteFleetSns): number => w.deviceIds.get(sns[sn])!;
  const send = (
    client: Client,
    target: { gatewayId: number; deviceId: number },
    name: string,
    params: Record<string, unknown>,
    ttlSeconds = 300,
  ) =>
    client.post<Command>('/gateway/command', {
      ...target,
      name,
      params,
      ttlSeconds,
      idempotencyKey: randomUUID(),
    });
  const on = (device: keyof RemoteFleetSns, logger: keyof RemoteFleetSns) => ({
    gatewayId: gatewayOf.get(sns[logger])!,
    deviceId: id(device),
  });
  const read = (client: Client, device: keyof RemoteFleetSns, logger: keyof RemoteFleetSns) =>
    send(client, on(device, logger), 'register.read', { address: snAddress, count: 16 });
  const command = async (commandId: string): Promise<Command> =>
    (await admin.get<Command>(`/command/${commandId}`)).data;
  const ended = async (commandId: string): Promise<Command> => {
    let last: Command | null = null;
    await waitFor(async () => ENDED.includes((last = await command(commandId)).state), `${commandId} to end`);
    return last!;
  };
  const openStream = async (who: string): Promise<Stream> => {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/live/commands`, {
      headers: { authorization: `Bearer ${tokens[who]}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = new Stream(res, abort);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    w = await startSimWorld(kind, fleet, { live: { heartbeatMs: 500 } });
    const t = w.t;
    // Installer managers may send commands here, but not write registers (register:write).
    await t.database.db.execute(
      sql`update roles set permissions = array_append(permissions, 'command:send') where id = 2`,
    );
    await setPasswords(t, ['demo.installer1', 'demo.installer2', 'demo.owner1']);
    tokens.admin = await t.login();
    tokens.installer1 = await t.login('demo.installer1', DEMO_PASSWORD);
    tokens.installer2 = await t.login('demo.installer2', DEMO_PASSWORD);
    tokens.owner1 = await t.login('demo.owner1', DEMO_PASSWORD);
    admin = as(t, tokens.admin);
    installer1 = as(t, tokens.installer1);
    installer2 = as(t, tokens.installer2);
    owner1 = as(t, tokens.owner1);
    for (const row of await w.db
      .select({ id: gateways.id, sn: gateways.sn, stationId: gateways.stationId })
      .from(gateways)) {
      gatewayOf.set(row.sn, row.id);
      if (row.sn === sns.loggerA1) stationA = row.stationId!;
    }
    offline = await addOfflineInverter(w, sns.loggerA1, `SFI1${tag}OFF`);
    const [offlineRow] = await w.db
      .select({ gatewayId: devices.gatewayId })
      .from(devices)
      .where(eq(devices.id, offline));
    offlineGateway = offlineRow!.gatewayId;
    snAddress = await registerAddress(w.db, 'SF-INV-1P-5K', 'SN');
    powerAddress = await registerAddress(w.db, 'SF-INV-1P-5K', 'W');
    limitAddress = await registerAddress(w.db, 'SF-INV-1P-5K', 'WMaxLimPct');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
  }, 180_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await w?.close();
  });

  it('lists the commands in reach, newest first, filtered by station, device, user, state and name', async () => {
    const a1 = await read(admin, 'inverter1', 'loggerA1');
    w.t.clock.advance(1);
    const a2 = await read(installer1, 'inverter2', 'loggerA1');
    w.t.clock.advance(1);
    const b = await read(admin, 'inverterB', 'loggerB');
    w.t.clock.advance(1);
    const write = await send(admin, on('inverter1', 'loggerA1'), 'register.write', {
      address: limitAddress,
      hex: '0064',
    });
    for (const c of [a1, a2, b, write]) expect(c.status).toBe(200);
    const done = await ended(a1.data.id);
    expect(done).toMatchObject({ state: 'DONE', stationId: stationA, stationName: `Remote A ${tag}` });
    expect(done.result).toMatchObject({ address: snAddress });
    for (const c of [a2, b, write]) expect((await ended(c.data.id)).state).toBe('DONE');

    const ids = (page: Page) => page.list.map((c) => c.id);
    const ours = new Set([a1.data.id, a2.data.id, b.data.id, write.data.id]);
    const mine = (page: Page) => ids(page).filter((i) => ours.has(i));

    const all = (await admin.get<Page>('/command/page?pageSize=100')).data;
    expect(mine(all)).toEqual([write.data.id, b.data.id, a2.data.id, a1.data.id]);
    const stationPage = (await admin.get<Page>(`/command/page?stationId=${stationA}&pageSize=100`)).data;
    expect(mine(stationPage)).toEqual([write.data.id, a2.data.id, a1.data.id]);
    expect(stationPage.list.every((c) => c.stationId === stationA)).toBe(true);
    expect(mine((await admin.get<Page>(`/command/page?deviceId=${id('inverter1')}`)).data)).toEqual([
      write.data.id,
      a1.data.id,
    ]);
    const installerId = await userIdOf(w.t, 'demo.installer1');
    const byUser = (await admin.get<Page>(`/command/page?userId=${installerId}`)).data;
    expect(ids(byUser)).toEqual([a2.data.id]);
    expect(byUser.list[0]).toMatchObject({ createdBy: 'demo.installer1', createdByUserId: installerId });
    expect(
      mine((await admin.get<Page>(`/command/page?name=register.write&deviceId=${id('inverter1')}`)).data),
    ).toEqual([write.data.id]);
    expect(mine((await admin.get<Page>(`/command/page?state=DONE&pageSize=100`)).data)).toHaveLength(4);
    expect((await admin.get<Page>(`/command/page?state=FAILED&deviceId=${id('inverter1')}`)).data.total).toBe(
      0,
    );
    // The logger page's older path is the same list.
    expect(
      mine((await admin.get<Page>(`/gateway/command/page?stationId=${stationA}&pageSize=100`)).data),
    ).toEqual(mine(stationPage));

    // Tenancy: installer 2 sees station B's command only; a foreign command answers like a missing one.
    expect(mine((await installer2.get<Page>('/command/page?pageSize=100')).data)).toEqual([b.data.id]);
    expect((await installer2.get<Page>(`/command/page?stationId=${stationA}`)).data.total).toBe(0);
    const foreign = await installer2.get(`/command/${a1.data.id}`);
    const missing = await installer2.get(`/command/${randomUUID()}`);
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    expect((await installer2.get(`/gateway/command/${a1.data.id}`)).status).toBe(4004);
    // The owner of station A looks on.
    expect(mine((await owner1.get<Page>('/command/page?pageSize=100')).data)).toEqual([
      write.data.id,
      a2.data.id,
      a1.data.id,
    ]);
    expect((await admin.get('/command/not-a-uuid')).status).toBe(4000);
    expect((await admin.get('/command/page?state=LOST')).status).toBe(4000);
    expect((await admin.get('/command/page?name=Not%20A%20Name')).status).toBe(4000);
  });

  it('retries an expired command as a new one that is done, with retryOf, the same lifetime, audited; expiry is announced', async () => {
    const stream = await openStream('installer1');
    // No dispatcher while the command is open: nothing reaches the logger before it expires.
    await w.dispatcher.stop();
    const sent = await read(admin, 'inverter1', 'loggerA1');
    expect(sent.status).toBe(200);
    const old = sent.data;
    await stream.next((e) => e.event === 'command' && e.data.id === old.id, 'the new command on the stream');
    w.t.clock.advance(301);
    expect((await w.dispatcher.runOnce()).expired).toBeGreaterThanOrEqual(1);
    w.dispatcher.start();
    const expired = await stream.next(
      (e) => e.event === 'command' && e.data.id === old.id && e.data.state === 'EXPIRED',
      'the expiry on the stream',
    );
    expect(expired.data).toMatchObject({ deviceId: id('inverter1'), name: 'register.read', retryOf: null });
    const [expiry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, old.id), eq(auditLog.action, 'command.expired')));
    expect(expiry).toMatchObject({ username: 'admin', status: 5003 });
    expect(expiry?.detail).toMatchObject({ by: 'server', state: 'EXPIRED' });

    const retried = await admin.post<Command>(`/command/${old.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.data).toMatchObject({
      retryOf: old.id,
      gatewayId: old.gatewayId,
      deviceId: old.deviceId,
      name: 'register.read',
      params: old.params,
      createdBy: 'admin',
    });
    expect(retried.data.id).not.toBe(old.id);
    expect(retried.data.idempotencyKey).not.toBe(old.idempotencyKey);
    expect(retried.data.expiresAt - retried.data.createdAt).toBe(old.expiresAt - old.createdAt);
    const done = await ended(retried.data.id);
    expect(done.state).toBe('DONE');
    await stream.next(
      (e) => e.event === 'command' && e.data.id === retried.data.id && e.data.state === 'DONE',
      'the retry done on the stream',
    );
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, retried.data.id), eq(auditLog.action, 'command.retry')));
    expect(audit).toMatchObject({ username: 'admin', status: 200 });
    expect(audit?.detail).toMatchObject({ retryOf: old.id, name: 'register.read', created: true });
    // The retry is listed with what it retries.
    const page = (await admin.get<Page>(`/command/page?deviceId=${id('inverter1')}&pageSize=100`)).data;
    expect(page.list.find((c) => c.id === retried.data.id)?.retryOf).toBe(old.id);
  });

  it('refuses to retry a command that did not fail or expire (4000), and a double retry sends one', async () => {
    const { data: fine } = await read(admin, 'inverter2', 'loggerA1');
    expect((await ended(fine.id)).state).toBe('DONE');
    const before = await countRows(w.t, 'commands');
    const again = await admin.post(`/command/${fine.id}/retry`);
    expect(again.status).toBe(4000);
    expect(again.enMsg).toBe('command.retryNotEnded');
    expect((await admin.post(`/command/${randomUUID()}/retry`)).status).toBe(4004);
    expect(await countRows(w.t, 'commands')).toBe(before);

    // The offline device never answers: its command expires, and two retries make one command.
    const { data: lost } = await send(
      admin,
      { gatewayId: offlineGateway, deviceId: offline },
      'register.read',
      { address: snAddress, count: 16 },
      10,
    );
    await waitFor(async () => (await command(lost.id)).state === 'SENT', 'the command sent');
    w.t.clock.advance(11);
    await w.dispatcher.runOnce();
    expect((await command(lost.id)).state).toBe('EXPIRED');
    const first = await admin.post<Command>(`/command/${lost.id}/retry`);
    const second = await admin.post<Command>(`/command/${lost.id}/retry`);
    expect(first.status).toBe(200);
    expect(second.data.id).toBe(first.data.id);
    const rows = await w.db.select({ id: commands.id }).from(commands).where(eq(commands.retryOf, lost.id));
    expect(rows).toHaveLength(1);
    expect((await command(first.data.id)).state).toMatch(/^(PENDING|SENT)$/);
  });

  it('needs the operation’s own permission to retry, and a device under local control refuses (4003)', async () => {
    // Marked from the logger's hello, on the device page and in the device list.
    const detail = await admin.get<{ localControl: boolean }>(`/device/${id('localInverter')}`);
    expect(detail.data.localControl).toBe(true);
    expect((await admin.get<{ localControl: boolean }>(`/device/${id('inverter1')}`)).data.localControl).toBe(
      false,
    );
    const list = await admin.get<{ list: { id: number; localControl: boolean }[] }>(
      `/station/gateway/inverterPage?stationId=${stationA}&pageSize=50`,
    );
    expect(Object.fromEntries(list.data.list.map((d) => [d.id, d.localControl]))).toMatchObject({
      [id('localInverter')]: true,
      [id('inverter1')]: false,
      [id('inverter2')]: false,
    });

    // The device itself refuses the write; the cloud refuses to send it again.
    const { data: refused } = await send(admin, on('localInverter', 'loggerA1'), 'register.write', {
      address: limitAddress,
      hex: '0032',
    });
    expect(await ended(refused.id)).toMatchObject({ state: 'FAILED', error: 'local-control' });
    const before = await countRows(w.t, 'commands');
    const local = await admin.post(`/command/${refused.id}/retry`);
    expect(local.status).toBe(4003);
    expect(local.enMsg).toBe('remote.localControl');

    // A write the device refuses (a read-only register): installer 1 may send commands but not write
    // registers; the administrator may.
    const { data: readOnly } = await send(admin, on('inverter1', 'loggerA1'), 'register.write', {
      address: powerAddress,
      hex: '0001',
    });
    expect(await ended(readOnly.id)).toMatchObject({ state: 'FAILED', error: 'read-only' });
    expect((await installer1.post(`/command/${readOnly.id}/retry`)).status).toBe(4003);
    expect((await owner1.post(`/command/${readOnly.id}/retry`)).status).toBe(4003);
    expect((await installer2.post(`/command/${readOnly.id}/retry`)).status).toBe(4004);
    expect(await countRows(w.t, 'commands')).toBe(before + 1);
    const retried = await admin.post<Command>(`/command/${readOnly.id}/retry`);
    expect(retried.status).toBe(200);
    expect(await ended(retried.data.id)).toMatchObject({
      state: 'FAILED',
      error: 'read-only',
      retryOf: readOnly.id,
    });
    // A read of the device under local control still works (it only refuses changes).
    const { data: localRead } = await read(admin, 'localInverter', 'loggerA1');
    expect((await ended(localRead.id)).state).toBe('DONE');
  });

  it('streams every change of a command in reach, and none out of reach', async () => {
    const noSession = await fetch(`${base}/api/live/commands`);
    expect(((await noSession.json()) as { status: number }).status).toBe(4001);
    const s1 = await openStream('installer1');
    const s2 = await openStream('installer2');
    const { data: a } = await read(admin, 'inverter2', 'loggerA1');
    const seen = await s1.next(
      (e) => e.event === 'command' && e.data.id === a.id && e.data.state === 'DONE',
      'the done command of station A',
    );
    expect(seen.data).toMatchObject({ name: 'register.read', stationId: stationA, createdBy: 'admin' });
    expect((seen.data.result as { address: number }).address).toBe(snAddress);
    // Quick successive changes may arrive as one, but never out of order.
    const order = ['PENDING', 'SENT', 'ACKNOWLEDGED', 'DONE'];
    const states = s1.events
      .filter((e) => e.data.id === a.id)
      .map((e) => order.indexOf(String(e.data.state)));
    expect(states).toEqual([...states].sort((x, y) => x - y));
    expect(new Set(states).size).toBe(states.length);
    // Station B's command reaches installer 2; once it has, installer 2 was sent nothing of station A.
    const { data: b } = await read(admin, 'inverterB', 'loggerB');
    await s2.next((e) => e.event === 'command' && e.data.id === b.id && e.data.state === 'DONE', 'B done');
    expect(s2.events.some((e) => e.data.id === a.id)).toBe(false);
    expect(s1.events.some((e) => e.data.id === b.id)).toBe(false);
  });
});
