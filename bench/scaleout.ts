// Scale-out of the ingest: readings/s stored by two ingest processes (SERVICES=ingest, shared subscription on
// Mosquitto) ÷ by one, in the same run, on the same machine. Each phase gets a fresh private PostgreSQL and
// Mosquitto (bench/chaos/cluster.ts). The loggers' messages (8 loggers × 10 inverters, 100 readings a
// message, as bench/ingest.ts sends them) are queued in Mosquitto while the ingest copies are frozen
// (SIGSTOP), so the broker has spread them over every consumer; then the copies are let go and the time
// until every reading is stored is measured. PostgreSQL, Mosquitto and the copies share the machine's
// cores; the figure says what a second copy adds there, not on a machine of its own.
// Run alone with `npx tsx bench/scaleout.ts`; `npm run bench -- scaleout` runs it from bench/run.ts.
import { setTimeout as delay } from 'node:timers/promises';
import type { MqttClient } from 'mqtt';
import { uplinkTopic } from '@sunfleet/contracts';
import { sqlRunner } from '../apps/server/src/modules/ingest/sql.js';
import { startCluster, type ServerProcess } from './chaos/cluster.js';
import { announce, connect, messagesOf, registerFleet, type BenchResult } from './ingest.js';
import { cpuMsOf, machineCpuMs } from './proc.js';

const MESSAGES_PER_LOGGER = Number(process.env.BENCH_SCALEOUT_MESSAGES ?? 60);
const IN_FLIGHT = 16;
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

/** Readings/s of `copies` ingest processes draining the same backlog. */
interface Phase {
  perSecond: number;
  readings: number;
  ms: number;
  /** CPU of the ingest processes and of the whole machine while draining, in cores (1 = one core busy). */
  ingestCores: number;
  machineCores: number;
}

async function phase(copies: number): Promise<Phase> {
  const cluster = await startCluster();
  const clients: MqttClient[] = [];
  try {
    const nodes: ServerProcess[] = [];
    for (let i = 0; i < copies; i++)
      // Shared subscriptions in both phases, so the one-copy phase measures the same path as the two.
      nodes.push(
        await cluster.server(`ingest-${i}`, 'ingest', {
          ingestId: `bench-ingest-${i}`,
          env: { INGEST_SUBSCRIPTION: 'shared' },
        }),
      );
    for (const node of nodes) await node.start();
    const sql = sqlRunner(cluster.database);
    const fleet = await registerFleet(cluster.database);
    await cluster.syncBrokerFiles();
    for (const logger of fleet.loggers) {
      const client = await connect(cluster.mosquitto.loggerUrl, logger);
      clients.push(client);
      await announce(client, logger);
    }
    // The hellos are stored by the ingest; the messages name their devices.
    for (let t0 = Date.now(); ; await delay(50)) {
      const devices = await sql.query<{ id: number; sn: string; gateway_id: number }>(
        'select id, sn, gateway_id from devices order by sn',
      );
      if (devices.length === fleet.loggers.length * 10) {
        for (const logger of fleet.loggers)
          logger.devices = devices.filter((d) => d.gateway_id === logger.id);
        break;
      }
      if (Date.now() - t0 > 60_000) throw new Error(`only ${devices.length} devices announced`);
    }
    const start = Date.now() - 20 * 86_400_000;
    const months = new Set<string>();
    for (let m = 0; m <= MESSAGES_PER_LOGGER * 10; m += 60 * 24)
      months.add(new Date(start + m * 60_000).toISOString().slice(0, 7));
    for (const month of months)
      await sql.query('select telemetry_ensure_partition($1::date)', [`${month}-01`]);

    // The backlog waits in Mosquitto, spread over the frozen copies' consumers.
    for (const node of nodes) node.signal('SIGSTOP');
    await Promise.all(
      fleet.loggers.map(async (logger, i) => {
        const client = clients[i]!;
        const messages = messagesOf(logger, MESSAGES_PER_LOGGER, start);
        for (let m = 0; m < messages.length; m += IN_FLIGHT)
          await Promise.all(
            messages
              .slice(m, m + IN_FLIGHT)
              .map((text) => client.publishAsync(uplinkTopic(logger.sn, 'telemetry'), text, { qos: 1 })),
          );
      }),
    );
    const readings = fleet.loggers.length * MESSAGES_PER_LOGGER * 100;
    const cpu0 = nodes.map((n) => cpuMsOf(n.pid ?? 0) ?? 0);
    const machine0 = machineCpuMs();
    const t0 = performance.now();
    for (const node of nodes) node.signal('SIGCONT');
    for (;;) {
      const [row] = await sql.query<{ n: number }>('select count(*)::int as n from telemetry');
      if ((row?.n ?? 0) >= readings) break;
      if (performance.now() - t0 > 300_000) throw new Error(`only ${row?.n} of ${readings} stored in 300 s`);
      await delay(20);
    }
    const ms = performance.now() - t0;
    const ingestMs = nodes.reduce((sum, n, i) => sum + (cpuMsOf(n.pid ?? 0) ?? 0) - (cpu0[i] ?? 0), 0);
    const machine1 = machineCpuMs();
    const machineMs = machine0 && machine1 ? machine1.busy - machine0.busy : 0;
    return {
      perSecond: readings / (ms / 1000),
      readings,
      ms,
      ingestCores: ingestMs / ms,
      machineCores: machineMs / ms,
    };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync().catch(() => undefined)));
    await cluster.close();
  }
}

export async function runScaleoutBenchmark(print: (r: BenchResult) => void): Promise<void> {
  const one = await phase(1);
  const two = await phase(2);
  print({
    bench: 'scaleout.ingest',
    value: round(two.perSecond, 1),
    unit: 'readings/s (two ingest processes)',
    baseline: round(one.perSecond, 1),
    ratio: round(two.perSecond / one.perSecond),
    note:
      `${two.readings} readings queued in Mosquitto, drained by 2 copies in ${Math.round(two.ms)} ms and by 1 in ` +
      `${Math.round(one.ms)} ms (4 shared-subscription consumers each). Busy cores while draining: one copy ` +
      `${one.ingestCores.toFixed(2)} ingest of ${one.machineCores.toFixed(2)} machine, two copies ` +
      `${two.ingestCores.toFixed(2)} of ${two.machineCores.toFixed(2)}; PostgreSQL, Mosquitto and the copies share the machine's cores`,
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  await runScaleoutBenchmark((r) => console.log(JSON.stringify(r)));
}
