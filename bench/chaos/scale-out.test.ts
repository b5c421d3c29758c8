// Two server processes against one PostgreSQL and one Mosquitto, split by SERVICES as docs/operations.md
// "Scaling out" describes: node A runs api, ingest and jobs, node B api and ingest. Loggers connect fresh
// (hello, then telemetry: the two may reach different ingest copies). Readings split across both copies
// with nothing lost, duplicated or altered; a session works on both API copies (and its logout too);
// live updates arrive on both; rollups equal a recomputation; a command is delivered exactly once; an
// alarm is stored once and its webhook called once.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mosquittoInstalled } from '../../apps/server/test/support/mosquitto-process.js';
import { postgresBinDir } from '../../apps/server/test/support/postgres-instance.js';
import { Stream } from '../../apps/server/test/support/sse.js';
import { startReceiver } from '../../apps/server/test/support/webhook-receiver.js';
import { compareRollups, login, settledRollups } from './chaos.js';
import { startCluster, type ServerProcess } from './cluster.js';
import { Fleet } from './fleet.js';

const runnable = mosquittoInstalled() && postgresBinDir() !== null;
/** Grid overvoltage (the fault catalogue), raised on an inverter for the notification check. */
const FAULT_CODE = 2031;
/** Traffic ticks (simulated minutes) that make every logger upload at least once. */
const UPLOAD_TICKS = 10;

/** The `stored` readings counter of one process's /metrics. */
async function storedByNode(node: ServerProcess): Promise<number> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  const match = /^sunfleet_ingest_readings_total\{result="stored"\} (\d+)/m.exec(text);
  return Number(match?.[1] ?? 0);
}

async function call(
  node: ServerProcess,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: unknown }> {
  const res = await fetch(`${node.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: unknown };
}

async function liveStream(node: ServerProcess, token: string, stationId: number): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${node.baseUrl}/api/live?stationId=${stationId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  return new Stream(response, abort);
}

describe.skipIf(!runnable)('scale-out: two processes, one database and broker', () => {
  it('splits the readings over both ingest copies and serves one session on both API copies', async () => {
    const cluster = await startCluster();
    const receiver = await startReceiver();
    let fleet: Fleet | null = null;
    try {
      // Both ingest copies in one shared subscription group; webhooks to this machine's receiver;
      // notifications looked for every 200 ms.
      const env = {
        INGEST_SUBSCRIPTION: 'shared',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        NOTIFY_INTERVAL_MS: '200',
      };
      const a = await cluster.server('node-a', 'api,ingest,jobs', { ingestId: 'node-a', env });
      const b = await cluster.server('node-b', 'api,ingest', { ingestId: 'node-b', env });
      await a.start();
      await b.start();
      const token = await login(a);

      fleet = await Fleet.start(cluster, { loggers: 4, prefix: 'SFSO' });
      const loggers = fleet;
      const stations = await call(a, token, 'GET', '/station/list?pageNum=1&pageSize=10');
      const [station] = (stations.data as { list: { id: number }[] }).list;
      // Live updates reach watchers on both copies, whichever ingest stored the readings.
      const streams = [await liveStream(a, token, station!.id), await liveStream(b, token, station!.id)];
      loggers.startTraffic(100);
      await loggers.afterTicks(60);
      const latest = await Promise.all(
        streams.map((s) => s.next((e) => e.event === 'latest', 'a live reading', 30_000)),
      );
      expect(latest).toHaveLength(2);
      for (const s of streams) s.close();
      loggers.stopTraffic();
      await loggers.drained();
      await loggers.caughtUp(loggers.expected(), 120_000);
      await settledRollups(cluster);

      // Every reading once, none altered, nothing dead-lettered (no telemetry before its hello was lost).
      const readings = await loggers.verify();
      expect(readings.problems).toEqual([]);
      expect(readings.stored).toBe(readings.produced);
      const [letters] = await cluster.database
        .pgPool!.query<{ n: number }>('select count(*)::int as n from ingest_dead_letters')
        .then((r) => r.rows);
      expect(letters?.n).toBe(0);
      // Both copies stored a share; together every reading (a redelivery counts as a duplicate there).
      const [byA, byB] = [await storedByNode(a), await storedByNode(b)];
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      expect(byA + byB).toBe(readings.stored);
      // Both copies' rollup workers ran on the same queue: the result equals a recomputation.
      const rollups = await compareRollups(cluster);
      expect(rollups).toEqual({ mismatches: 0, samplesEqualRows: true });

      // One session on both API copies; its logout through one copy ends it on the other.
      expect((await call(b, token, 'GET', '/info')).status).toBe(200);
      const second = await login(b);
      expect((await call(a, second, 'GET', '/info')).status).toBe(200);
      expect((await call(b, second, 'POST', '/logout')).status).toBe(200);
      // The other copy drops its cached session when the change notification arrives (docs/api.md).
      let after = 200;
      for (const t0 = Date.now(); after === 200 && Date.now() - t0 < 10_000; await delay(50))
        after = (await call(a, second, 'GET', '/info')).status;
      expect(after).toBe(4001);

      // A command goes out once although both copies run a dispatcher.
      const target = loggers.loggers[0]!;
      const deliveries = new Map<string, number>();
      const handle = target.sim.executor.handle.bind(target.sim.executor);
      target.sim.executor.handle = (payload) => {
        const id = (JSON.parse(payload.toString()) as { id?: string }).id ?? '';
        deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
        return handle(payload);
      };
      const [inverter] = await cluster.database
        .pgPool!.query<{ id: number; sn: string; gateway_id: number }>(
          `select d.id, d.sn, d.gateway_id from devices d join gateways g on g.id = d.gateway_id
           where g.sn = $1 and d.device_type = 'INVERTER'`,
          [target.sim.sn],
        )
        .then((r) => r.rows);
      const answer = await call(a, token, 'POST', '/gateway/command', {
        gatewayId: inverter!.gateway_id,
        deviceId: inverter!.id,
        // The SunSpec marker 'SunS' every device serves at 40000.
        name: 'register.read',
        params: { address: 40000, count: 2 },
        ttlSeconds: 120,
        idempotencyKey: randomUUID(),
      });
      expect(answer.status).toBe(200);
      const sent = answer.data as { id: string };
      let state = '';
      for (const t0 = Date.now(); Date.now() - t0 < 30_000; await delay(100)) {
        const detail = await call(b, token, 'GET', `/gateway/command/${sent.id}`);
        state = (detail.data as { state: string }).state;
        if (state === 'DONE' || state === 'FAILED') break;
      }
      expect(state).toBe('DONE');
      expect(deliveries.get(sent.id)).toBe(1);

      // An alarm raised behind a logger is stored once (by whichever ingest copy gets it) and notified
      // once (the notification worker claims each delivery; jobs run on node A).
      const hook = await call(b, token, 'POST', '/webhook', {
        name: 'Scale-out NOC',
        url: receiver.url('/hook'),
        secret: 'scale-out-webhook-secret',
        events: ['RAISED'],
      });
      expect(hook.status).toBe(200);
      target.sim.site.injectFault(inverter!.sn, FAULT_CODE, target.sim.now());
      loggers.startTraffic(100);
      await loggers.afterTicks(UPLOAD_TICKS);
      loggers.stopTraffic();
      await loggers.drained();
      const settled = async (): Promise<{ alarms: number; sent: number }> => {
        const [row] = await cluster.database
          .pgPool!.query<{ alarms: number; sent: number }>(
            `select (select count(*)::int from alarms where code = $1) as alarms,
                    (select count(*)::int from notification_deliveries
                      where webhook_id = $2 and state = 'SENT') as sent`,
            [FAULT_CODE, (hook.data as { id: number }).id],
          )
          .then((r) => r.rows);
        return row!;
      };
      let notified = await settled();
      for (const t0 = Date.now(); notified.sent === 0 && Date.now() - t0 < 30_000; await delay(100))
        notified = await settled();
      expect(notified).toEqual({ alarms: 1, sent: 1 });
      const raised = receiver.calls.filter((c) => c.body.includes(`"code":${String(FAULT_CODE)}`));
      expect(raised).toHaveLength(1);
    } finally {
      await fleet?.stop();
      await cluster.close();
      await receiver.close();
    }
  });
});
