import { randomUUID } from 'node:crypto';
import {
  commandTopic,
  parseUplinkTopic,
  uplinkTopic,
  type CommandRequest,
  type CommandResult,
  type FirmwareProgress,
} from '@sunfleet/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { auditLog, commands, gateways } from '../src/db/schema.js';
import { CommandsService } from '../src/modules/commands/commands.service.js';
import { CommandDispatcher } from '../src/modules/commands/dispatcher.js';
import type { Broker } from '../src/services/broker.js';
import { createTestApp, DATABASES, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD } from './organisation-fixtures.js';
import { twoTenants, withoutRequestId, type Client, type TwoTenants } from './telemetry-api-support.js';
import { connectLogger, startTestBroker } from './support/loggers.js';
import { waitFor } from './support/poll.js';

interface Command {
  id: string;
  state: string;
  sentAt: number | null;
  acknowledgedAt: number | null;
  finishedAt: number | null;
  expiresAt: number;
  createdAt: number;
  result: Record<string, unknown> | null;
  error: string | null;
  deviceSn: string | null;
  createdBy: string | null;
  firmware: { stage: string; percent: number } | null;
}

describe.each(DATABASES)('command channel on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let w: TwoTenants;
  let broker: Broker;
  let dispatcher: CommandDispatcher;
  let loggerA: MqttClient;
  let loggerB: MqttClient;
  const received: CommandRequest[] = [];

  const publish = async (
    client: MqttClient,
    sn: string,
    kindOf: 'cmd/res' | 'firmware',
    body: CommandResult | FirmwareProgress,
  ) => {
    await client.publishAsync(uplinkTopic(sn, kindOf), JSON.stringify(body), { qos: 1 });
  };
  const send = (client: Client, key: string, extra: Record<string, unknown> = {}) =>
    client.post<Command>('/gateway/command', {
      gatewayId: w.loggerA.id,
      name: 'register.write',
      params: { address: 40100, value: 5 },
      ttlSeconds: 300,
      idempotencyKey: key,
      ...extra,
    });
  const stored = async (id: string): Promise<Command> =>
    (await w.admin.get<Command>(`/gateway/command/${id}`)).data;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    w = await twoTenants(t, kind);
    // The ingest's part, reduced to what the command channel needs: answers of the logger that sent them.
    const service = new CommandsService({ db, clock: t.clock });
    broker = await startTestBroker(db, async (message) => {
      const parsed = parseUplinkTopic(message.topic);
      const [gateway] = await db
        .select({ id: gateways.id })
        .from(gateways)
        .where(eq(gateways.sn, message.sn));
      if (!parsed || !gateway) return;
      const body: unknown = JSON.parse(message.payload.toString());
      if (parsed.kind === 'cmd/res') await service.applyResult(gateway.id, body as CommandResult);
      if (parsed.kind === 'firmware')
        await service.applyFirmwareProgress(gateway.id, body as FirmwareProgress);
    });
    if (!broker.downlink) throw new Error('no downlink');
    dispatcher = new CommandDispatcher({
      database: t.database,
      downlink: broker.downlink,
      log: pino({ level: 'silent' }),
      clock: t.clock,
      intervalMs: 100,
    });
    dispatcher.start();
    const url = `mqtt://127.0.0.1:${broker.port() ?? 0}`;
    loggerA = await connectLogger(url, w.loggerA);
    loggerB = await connectLogger(url, w.loggerB);
    await loggerA.subscribeAsync(commandTopic(w.loggerA.sn), { qos: 1 });
    loggerA.on('message', (_topic, payload) =>
      received.push(JSON.parse(payload.toString()) as CommandRequest),
    );
  });
  afterAll(async () => {
    await dispatcher.stop();
    loggerA.end(true);
    loggerB.end(true);
    await broker.close();
    await t.close();
  });

  it('sends a command to the logger, which acknowledges and completes it; audited', async () => {
    const created = await send(w.admin, 'k1', { deviceId: w.inverterA });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ state: 'PENDING', deviceSn: `INV-A-${kind}`, createdBy: 'admin' });
    const id = created.data.id;
    await waitFor(() => received.some((r) => r.id === id), 'the request at the logger');
    expect(received.find((r) => r.id === id)).toEqual({
      v: 1,
      id,
      idempotencyKey: 'k1',
      name: 'register.write',
      dev: `INV-A-${kind}`,
      params: { address: 40100, value: 5 },
      expiresAt: created.data.createdAt + 300_000,
    });
    await waitFor(async () => (await stored(id)).state === 'SENT', 'SENT');
    await publish(loggerA, w.loggerA.sn, 'cmd/res', { v: 1, id, state: 'ACKNOWLEDGED' });
    expect(await stored(id)).toMatchObject({ state: 'ACKNOWLEDGED', finishedAt: null });
    await publish(loggerA, w.loggerA.sn, 'cmd/res', { v: 1, id, state: 'DONE', result: { value: 5 } });
    const done = await stored(id);
    expect(done).toMatchObject({ state: 'DONE', result: { value: 5 }, error: null });
    expect(done.finishedAt).not.toBeNull();
    // An ended command never changes again.
    await publish(loggerA, w.loggerA.sn, 'cmd/res', { v: 1, id, state: 'FAILED', error: 'late' });
    expect(await stored(id)).toMatchObject({ state: 'DONE', error: null });

    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);
    expect(trail.map((r) => [r.action, r.username, r.status])).toEqual([
      ['command.create', 'admin', 200],
      ['command.done', 'admin', 200],
    ]);
    expect(trail[1]?.detail).toMatchObject({ by: 'logger', name: 'register.write', gatewayId: w.loggerA.id });
    const page = await w.admin.get<{ total: number; list: Command[] }>(
      `/gateway/command/page?gatewayId=${w.loggerA.id}&state=DONE`,
    );
    expect(page.data.list.map((c) => c.id)).toContain(id);
  });

  it('answers a repeated idempotency key with the existing command and sends nothing again', async () => {
    const first = await send(w.admin, 'k-once');
    await waitFor(() => received.some((r) => r.id === first.data.id), 'the first request');
    const again = await send(w.admin, 'k-once', { params: { address: 1, value: 2 } });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    await dispatcher.runOnce();
    expect(received.filter((r) => r.idempotencyKey === 'k-once')).toHaveLength(1);
    const rows = await db
      .select()
      .from(commands)
      .where(and(eq(commands.gatewayId, w.loggerA.id), eq(commands.idempotencyKey, 'k-once')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.params).toEqual({ address: 40100, value: 5 });
  });

  it('sends an unacknowledged command again after 30 s, with the same id and key', async () => {
    const { data } = await send(w.admin, 'k-resend');
    await waitFor(() => received.some((r) => r.id === data.id), 'the request');
    t.clock.advance(31);
    await dispatcher.runOnce();
    await waitFor(() => received.filter((r) => r.id === data.id).length === 2, 'the second copy');
    expect(new Set(received.filter((r) => r.id === data.id).map((r) => r.idempotencyKey))).toEqual(
      new Set(['k-resend']),
    );
    await publish(loggerA, w.loggerA.sn, 'cmd/res', { v: 1, id: data.id, state: 'ACKNOWLEDGED' });
    t.clock.advance(31);
    await dispatcher.runOnce();
    expect(received.filter((r) => r.id === data.id)).toHaveLength(2);
  });

  it('expires an open command past its time to live; a late answer changes nothing', async () => {
    const { data } = await send(w.admin, 'k-expire', { ttlSeconds: 10 });
    await waitFor(() => received.some((r) => r.id === data.id), 'the request');
    t.clock.advance(11);
    // The dispatcher's own 100 ms round may expire it first: the stored state is what counts.
    await dispatcher.runOnce();
    expect(await stored(data.id)).toMatchObject({ state: 'EXPIRED' });
    await publish(loggerA, w.loggerA.sn, 'cmd/res', { v: 1, id: data.id, state: 'DONE' });
    expect(await stored(data.id)).toMatchObject({ state: 'EXPIRED', result: null });
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'command.expired')));
    expect(row).toMatchObject({ username: 'admin', status: 5003, targetType: 'command' });
  });

  it('ignores another logger answering with a foreign command id; records firmware progress of its own', async () => {
    const { data } = await send(w.admin, 'k-foreign', {
      name: 'firmware.upgrade',
      params: { version: '2.0.1' },
    });
    await waitFor(async () => (await stored(data.id)).state === 'SENT', 'SENT');
    await publish(loggerB, w.loggerB.sn, 'cmd/res', {
      v: 1,
      id: data.id,
      state: 'DONE',
      result: { forged: true },
    });
    await publish(loggerB, w.loggerB.sn, 'firmware', { v: 1, id: data.id, stage: 'DONE', percent: 100 });
    expect(await stored(data.id)).toMatchObject({ state: 'SENT', result: null, firmware: null });
    await publish(loggerA, w.loggerA.sn, 'firmware', {
      v: 1,
      id: data.id,
      stage: 'DOWNLOADING',
      percent: 40,
    });
    await publish(loggerA, w.loggerA.sn, 'firmware', { v: 1, id: data.id, stage: 'VERIFYING', percent: 60 });
    expect((await stored(data.id)).firmware).toMatchObject({ stage: 'VERIFYING', percent: 60 });
    await publish(loggerA, w.loggerA.sn, 'cmd/res', {
      v: 1,
      id: data.id,
      state: 'FAILED',
      error: 'signature',
    });
    expect(await stored(data.id)).toMatchObject({ state: 'FAILED', error: 'signature' });
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'command.failed')));
    expect(row).toMatchObject({ status: 5000, detail: { error: 'signature', by: 'logger' } });
  });

  it('keeps commands inside the tenant: foreign loggers and commands answer like missing ones', async () => {
    await db.execute(
      sql`update roles set permissions = array_append(permissions, 'command:send') where id = 2`,
    );
    const installer2 = as(t, await t.login('demo.installer2', DEMO_PASSWORD));
    const { data: mine } = await send(w.admin, 'k-tenant');
    const before = await countRows(t, 'commands');
    const foreign = await send(installer2, 'k-probe');
    const missing = await installer2.post('/gateway/command', {
      gatewayId: 999_999,
      name: 'register.write',
      params: {},
      ttlSeconds: 300,
      idempotencyKey: 'k-probe',
    });
    expect(foreign.status).toBe(4004);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const foreignGet = await installer2.get(`/gateway/command/${mine.id}`);
    const missingGet = await installer2.get(`/gateway/command/${randomUUID()}`);
    expect(foreignGet.status).toBe(4004);
    expect(withoutRequestId(foreignGet.body)).toEqual(withoutRequestId(missingGet.body));
    const page = await installer2.get<{ total: number }>(`/gateway/command/page?gatewayId=${w.loggerA.id}`);
    expect(page.data.total).toBe(0);
    const installer1 = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
    expect((await installer1.get<{ total: number }>('/gateway/command/page')).data.total).toBeGreaterThan(0);
    expect((await w.owner2.get<{ total: number }>('/gateway/command/page')).data.total).toBe(0);
    // Owners may look but not send; the guest never writes.
    expect((await send(w.owner1, 'k-owner')).status).toBe(4003);
    const guestToken = (await t.app.inject({ method: 'POST', url: '/api/login/guest' })).json<{
      data: { token: string };
    }>();
    expect((await send(as(t, guestToken.data.token), 'k-guest')).status).toBe(4003);
    expect(await countRows(t, 'commands')).toBe(before);
  });

  it('refuses bad input with 4000 and a clear message, storing nothing', async () => {
    const before = await countRows(t, 'commands');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ttlSeconds: 5 }, 'rule.range', 'body.ttlSeconds'],
      [{ ttlSeconds: 86_401 }, 'rule.range', 'body.ttlSeconds'],
      [{ name: 'Register Write' }, 'rule.format', 'body.name'],
      [{ idempotencyKey: '' }, 'rule.format', 'body.idempotencyKey'],
      [{ deviceId: w.inverterB }, 'command.deviceNotOnGateway', 'body.deviceId'],
      [{ params: { blob: 'x'.repeat(17_000) } }, 'command.paramsTooLarge', 'body.params'],
      [{ colour: 'red' }, 'rule.unknownField', 'body.colour'],
      [{ gatewayId: 'A' }, 'rule.type', 'body.gatewayId'],
    ];
    for (const [extra, rule, field] of cases) {
      const res = await send(w.admin, `bad-${rule}`, extra);
      expect(res.status, JSON.stringify(extra).slice(0, 60)).toBe(4000);
      expect(res.enMsg, field).toBe(rule);
      expect((res.data as unknown as { field: string }[]).map((f) => f.field)).toContain(field);
    }
    expect((await w.admin.get('/gateway/command/not-a-uuid')).status).toBe(4000);
    expect((await w.admin.get('/gateway/command/page?state=LOST')).status).toBe(4000);
    expect(await countRows(t, 'commands')).toBe(before);
  });

  it('answers an identical open operation (same open key) with the open command; a new one once it ended', async () => {
    // The remote operations' double-click guard: the partial unique index commands_open_key, on this dialect.
    const service = new CommandsService({ db, clock: t.clock, onEnqueued: () => undefined });
    const operation = (key: string) => ({
      gatewayId: w.loggerA.id,
      name: 'register.read',
      params: { address: 40_070, count: 2 },
      ttlSeconds: 300,
      idempotencyKey: key,
      userId: null,
      openKey: `dedupe-${kind}`,
    });
    const [first, second] = await Promise.all([
      service.enqueue(operation(randomUUID())),
      service.enqueue(operation(randomUUID())),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(second.command.id).toBe(first.command.id);
    await db.update(commands).set({ state: 'DONE' }).where(eq(commands.id, first.command.id));
    const third = await service.enqueue(operation(randomUUID()));
    expect(third.created).toBe(true);
    expect(third.command.id).not.toBe(first.command.id);
    await db.update(commands).set({ state: 'EXPIRED' }).where(eq(commands.id, third.command.id));
  });
});
