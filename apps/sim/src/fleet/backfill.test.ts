// Fleet runs against an embedded broker: `backfill` delivers every reading of the past once, flagged
// backlog, reports progress and is deterministic; `run --fleet` catches up and loses nothing to a broker
// outage on the way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FleetFile, Reading } from '@sunfleet/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../cli.js';
import { defaultConnectSpreadS } from '../cli/run-fleet.js';
import { SimLogger } from '../logger/sim-logger.js';
import { TestBroker } from '../testing/broker.js';
import { until } from '../testing/fixtures.js';
import { FleetDriver } from './driver.js';
import { fleetLoggers, simLoggerOptions } from './fleet-sites.js';

const FLEET: FleetFile = {
  version: 1,
  seed: 'fleet-backfill-test',
  stations: [
    {
      key: 'home',
      name: 'Home',
      type: 'HOUSEHOLD_PV_STORAGE',
      companyId: 3,
      address: 'Somewhere 1, Munich',
      latitude: 48.14,
      longitude: 11.58,
      elevation: 520,
      timeZone: 'Europe/Berlin',
      capacityKwp: 5.4,
      price: 0.3,
      currency: 'EUR',
      loggers: [
        {
          sn: 'SFLG2606900001',
          uploadInterval: 300,
          devices: [
            { sn: 'SFI12606900001', model: 'SF-INV-1P-5K' },
            { sn: 'SFB12606900001', model: 'SF-BAT-10K' },
            { sn: 'SFM12606900001', model: 'SF-MTR-1P' },
          ],
        },
      ],
    },
    {
      key: 'farm',
      name: 'Farm',
      type: 'GROUND_STATION',
      companyId: 4,
      address: 'Field 2, Seville',
      latitude: 37.4,
      longitude: -6.0,
      elevation: 10,
      timeZone: 'Europe/Madrid',
      capacityKwp: 97.2,
      price: 0.05,
      currency: 'EUR',
      // Many faults, so the run has alarm records to compare as well.
      faultRate: 200,
      loggers: [
        {
          sn: 'SFLG2606900002',
          uploadInterval: 300,
          devices: [
            { sn: 'SFI3B2606900001', model: 'SF-INV-3P-50K' },
            { sn: 'SFW12606900001', model: 'SF-WS-1' },
          ],
        },
        {
          sn: 'SFLG2606900003',
          uploadInterval: 300,
          devices: [{ sn: 'SFI3B2606900002', model: 'SF-INV-3P-50K' }],
        },
      ],
    },
  ],
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(fleet: FleetFile = FLEET) {
  const broker = await TestBroker.start();
  const dir = mkdtempSync(join(tmpdir(), 'sf-fleet-'));
  cleanups.push(
    () => broker.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  writeFileSync(join(dir, 'fleet.json'), JSON.stringify(fleet));
  const credentials = Object.fromEntries(
    fleetLoggers(fleet).map((e) => [e.logger.sn, `secret-${e.logger.sn}`]),
  );
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify(credentials));
  const base = [
    '--fleet',
    join(dir, 'fleet.json'),
    '--credentials',
    join(dir, 'credentials.json'),
    '--mqtt',
    broker.url,
    '--state',
    join(dir, 'state'),
  ];
  return { broker, dir, base };
}

/** Runs the CLI; `err` fills while it runs (a test can await a line). */
async function cli(args: string[], err: string[] = []) {
  const out: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

type Telemetry = { seq: number; backlog: boolean; readings: Reading[] };

function telemetryOf(broker: TestBroker): { topic: string; payload: Telemetry }[] {
  return broker.committed
    .filter((u) => u.kind === 'telemetry')
    .map((u) => ({ topic: u.topic, payload: u.payload as unknown as Telemetry }));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('backfill', () => {
  it('uploads every reading of the past days once, flagged backlog, with progress and a summary', async () => {
    const { broker, base } = await setup();
    const until = Math.floor((Date.now() - DAY) / HOUR) * HOUR;
    const args = ['backfill', ...base, '--days', '1', '--until', new Date(until).toISOString()];
    const result = await cli(args);
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    expect(result.out[0]).toMatch(
      /^backfilled 1 day until .*: [\d,]+ readings in [\d,]+ messages from 3 loggers in /,
    );
    const progress = result.err.filter((l) => l.startsWith('backfill '));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatch(
      /^backfill 100\.0% 72\.0\/72\.0 h simulated, [\d,]+ readings \([\d,]+\/s\), ETA 0 s$/,
    );

    const telemetry = telemetryOf(broker);
    expect(telemetry.every((m) => m.payload.backlog)).toBe(true);
    expect(broker.of('alarm').length).toBeGreaterThan(0);
    expect(broker.of('alarm').every((a) => a.backlog === true)).toBe(true);
    // 288 five-minute uploads per logger, seq 0…287 each once; every device one reading per upload.
    for (const sn of ['SFLG2606900001', 'SFLG2606900002', 'SFLG2606900003']) {
      const seqs = telemetry.filter((m) => m.topic.includes(sn)).map((m) => m.payload.seq);
      expect(new Set(seqs).size, sn).toBe(288);
      expect(Math.max(...seqs)).toBe(287);
    }
    const seen = new Map<string, Set<number>>();
    let total = 0;
    for (const m of telemetry) {
      for (const r of m.payload.readings) {
        total++;
        const times = seen.get(r.dev) ?? new Set<number>();
        times.add(r.ts);
        seen.set(r.dev, times);
        expect(r.ts).toBeGreaterThan(until - DAY);
        expect(r.ts).toBeLessThanOrEqual(until);
      }
    }
    // 6 devices + 3 loggers' own readings, 288 each, none twice.
    expect(seen.size).toBe(9);
    for (const [dev, times] of seen) expect(times.size, dev).toBe(288);
    expect(total).toBe(9 * 288);

    // A second backfill continues from the loggers' state: nothing to repeat.
    const again = await cli(args);
    expect(again.code).toBe(0);
    expect(again.out[0]).toContain(': 0 readings in 0 messages');
    expect(telemetryOf(broker)).toHaveLength(telemetry.length);
  }, 60_000);

  it('is deterministic: the same fleet and seed give the same messages', async () => {
    const until = new Date(Math.floor((Date.now() - 2 * DAY) / HOUR) * HOUR).toISOString();
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const { broker, base } = await setup();
      const result = await cli(['backfill', ...base, '--days', '0.5', '--until', until]);
      expect(result.code).toBe(0);
      const byTopic = (kind: string) =>
        broker.committed
          .filter((u) => u.kind === kind)
          .map((u) => JSON.stringify([u.topic, u.payload]))
          .sort();
      runs.push({ telemetry: byTopic('telemetry'), alarms: byTopic('alarm') });
    }
    expect(runs[0]!.telemetry.length).toBe(3 * 144);
    expect(runs[1]).toEqual(runs[0]);
  }, 60_000);

  it('refuses bad arguments with exit code 2', async () => {
    const { base } = await setup();
    expect((await cli(['backfill', ...base])).err.join('\n')).toContain('--days is required');
    const future = await cli(['backfill', ...base, '--days', '1', '--until', '2999-01-01T00:00:00Z']);
    expect(future.code).toBe(2);
    expect(future.err.join('\n')).toContain('--until lies in the future');
    const missing = await cli([
      'backfill',
      ...base.slice(0, 2),
      '--credentials',
      '/nonexistent.json',
      '--days',
      '1',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toContain('cannot read /nonexistent.json');
  });
});

describe('run --fleet', () => {
  it('catches up the past, then runs live, and a broker outage on the way costs no reading', async () => {
    // Five-second uploads of one-second samples; 0.002 days (about 3 minutes) of history to catch up.
    const fleet: FleetFile = structuredClone(FLEET);
    for (const station of fleet.stations) {
      for (const logger of station.loggers) Object.assign(logger, { uploadInterval: 5, sampleInterval: 1 });
    }
    const { broker, base } = await setup(fleet);
    const started = Date.now();
    const err: string[] = [];
    const running = cli(['run', ...base, '--backfill-days', '0.002', '--duration', '11'], err);
    // The outage starts once the catch-up is under way and lasts until every logger has failed to reach
    // the broker (each reports its connection error once).
    await until(() => telemetryOf(broker).length > 0, 'the first upload');
    await broker.stop();
    await until(() => new Set(err.map((line) => line.split(':')[0])).size === 3, 'three refused loggers');
    await broker.restart();
    const result = await running;
    expect(result.code).toBe(0);
    expect(result.out[0]).toMatch(
      /^running 3 loggers of 2 stations against mqtt:\/\/127\.0\.0\.1:\d+ \(seed fleet-backfill-test\); 3 loggers catching up \(up to 2 min 5\d s back\) as fast as the broker acknowledges$/,
    );

    const telemetry = telemetryOf(broker);
    expect(telemetry.some((m) => m.payload.backlog)).toBe(true);
    expect(telemetry.some((m) => !m.payload.backlog)).toBe(true);
    const times = new Map<string, number[]>();
    for (const m of telemetry)
      for (const r of m.payload.readings) times.set(r.dev, [...(times.get(r.dev) ?? []), r.ts]);
    expect(times.size).toBe(9);
    for (const [dev, list] of times) {
      const sorted = [...new Set(list)].sort((a, b) => a - b);
      // From the catch-up's start (about three minutes back) into the live phase, one reading a second.
      expect(sorted[0]!, dev).toBeLessThan(started - 150_000);
      expect(sorted.at(-1)!, dev).toBeGreaterThan(started);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!, dev).toBe(1_000);
    }
  }, 60_000);
});

describe('run --fleet --connect-spread', () => {
  it('refuses a window that is not a number of seconds from 0 to 3600, before building the fleet', async () => {
    const { base } = await setup();
    for (const [value, message] of [
      ['-1', '--connect-spread must be at least 0'],
      ['soon', '--connect-spread must be a number, got "soon"'],
      ['4000', '--connect-spread must be at most 3600'],
    ] as const) {
      const result = await cli(['run', ...base, '--connect-spread', value, '--duration', '1']);
      expect(result.code).toBe(2);
      expect(result.err.join('\n')).toContain(message);
    }
  });

  it('defaults to 5 ms per logger, at most a minute', () => {
    expect(defaultConnectSpreadS(12)).toBeCloseTo(0.06);
    expect(defaultConnectSpreadS(10_000)).toBe(50);
    expect(defaultConnectSpreadS(50_000)).toBe(60);
  });
});

describe('the fleet driver', () => {
  it('plays the past as a time-lapse at a finite pace, with live uploads', async () => {
    const { broker, dir } = await setup();
    const end = Math.floor((Date.now() - DAY) / HOUR) * HOUR;
    const from = end - HOUR;
    let realNow = 1_000_000;
    const loggers = fleetLoggers(FLEET).map(
      (entry) =>
        new SimLogger(
          simLoggerOptions(FLEET, entry, {
            brokerUrl: broker.url,
            stateDir: join(dir, 'timelapse'),
            secret: 's',
            fsync: false,
          }),
        ),
    );
    cleanups.push(async () => {
      for (const l of loggers) await l.stop();
    });
    // One simulated minute per real second.
    const driver = new FleetDriver({
      loggers,
      from: loggers.map(() => from),
      target: () => end,
      pace: 60,
      tickMs: 10,
      realNow: () => realNow,
    });
    const running = driver.start();
    // Connected first: what a logger journals before its first connection goes out as backlog.
    await Promise.all(loggers.map((l) => l.uplink.whenReady()));
    realNow += 30_000;
    await until(() => loggers.every((l) => l.simulatedTime >= from + 30 * 60_000 - 300_000), 'half way');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loggers.every((l) => l.simulatedTime <= from + 30 * 60_000)).toBe(true);
    realNow += 60_000;
    await driver.whenFinished();
    await driver.stop();
    await running;
    const telemetry = telemetryOf(broker);
    expect(telemetry).toHaveLength(3 * 12);
    expect(telemetry.every((m) => !m.payload.backlog)).toBe(true);
    expect(driver.progress()).toMatchObject({ fraction: 1, behind: 0, readings: (4 + 3 + 2) * 12 });
  });
});
