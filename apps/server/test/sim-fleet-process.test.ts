// The `sim` service for real: the simulator as a supervised child process (restart with back-off, stop
// with SIGTERM then SIGKILL), and the server process with SERVICES=api,broker,ingest,sim booting a small
// fleet whose telemetry reaches the database (devices from hello, telemetry rows, rollups). A bad
// SIM_FLEET stops the start with exit code 78 before anything is created.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { FleetFile } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.js';
import { SimProcess } from '../src/modules/sim-fleet/sim-process.js';
import { paths } from '../src/paths.js';

const serverRoot = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-simproc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function capturedLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('the simulator child process', () => {
  it('pipes its output into the log and restarts it with a back-off when it fails', async () => {
    const { log, lines } = capturedLog();
    const child = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'console.log("hello from the sim"); console.error("a warning"); process.exit(1)'],
      args: [],
      cwd: tmp,
      log,
      minBackoffMs: 50,
      maxBackoffMs: 200,
    });
    child.start();
    await until(() => child.startCount >= 3, 'three starts', 10_000);
    await child.stop();
    const count = child.startCount;
    await sleep(400);
    expect(child.startCount).toBe(count);
    expect(lines.some((l) => l.msg === 'hello from the sim' && l.level === 30)).toBe(true);
    expect(lines.some((l) => l.msg === 'a warning' && l.level === 40)).toBe(true);
    expect(lines.filter((l) => l.msg === 'simulator exited unexpectedly').map((l) => l.restartInMs)).toEqual(
      expect.arrayContaining([50, 100]),
    );
  });

  it('does not restart after a usage error, and kills a child that ignores SIGTERM', async () => {
    const { log, lines } = capturedLog();
    const refused = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'process.exit(2)'],
      args: [],
      cwd: tmp,
      log,
    });
    refused.start();
    await until(
      () => lines.some((l) => l.msg === 'simulator refused its arguments: not restarted'),
      'the refusal',
    );
    expect(refused.startCount).toBe(1);

    const stubborn = new SimProcess({
      command: process.execPath,
      prefix: ['-e', 'process.on("SIGTERM", () => {}); console.log("up"); setInterval(() => {}, 1000)'],
      args: [],
      cwd: tmp,
      log,
      stopGraceMs: 300,
    });
    stubborn.start();
    await until(() => lines.some((l) => l.msg === 'up'), 'the child');
    const pid = stubborn.pid!;
    await stubborn.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

const FLEET: FleetFile = {
  version: 1,
  seed: 'sim-service-test',
  stations: [
    {
      key: 'test-home',
      name: 'Test home',
      type: 'HOUSEHOLD_PV_STORAGE',
      companyId: 3,
      ownerUsername: 'demo.owner1',
      address: 'Teststraße 1, München',
      latitude: 48.14,
      longitude: 11.58,
      elevation: 520,
      timeZone: 'UTC',
      capacityKwp: 5.4,
      price: 0.3,
      currency: 'EUR',
      loggers: [
        {
          sn: 'SFLG2606800001',
          uploadInterval: 5,
          devices: [
            { sn: 'SFI12606800001', model: 'SF-INV-1P-5K' },
            { sn: 'SFB12606800001', model: 'SF-BAT-10K' },
            { sn: 'SFM12606800001', model: 'SF-MTR-1P' },
          ],
        },
      ],
    },
    {
      key: 'test-farm',
      name: 'Test farm',
      type: 'GROUND_STATION',
      companyId: 4,
      address: 'Field 1, Sevilla',
      latitude: 37.4,
      longitude: -6,
      elevation: 10,
      timeZone: 'UTC',
      capacityKwp: 97.2,
      price: 0.05,
      currency: 'EUR',
      loggers: [
        {
          sn: 'SFLG2606800002',
          uploadInterval: 5,
          devices: [
            { sn: 'SFI3B2606800001', model: 'SF-INV-3P-50K' },
            { sn: 'SFI3B2606800002', model: 'SF-INV-3P-50K' },
            { sn: 'SFW12606800001', model: 'SF-WS-1' },
          ],
        },
      ],
    },
  ],
};

describe('the sim service in the server process', () => {
  it('provisions the fleet, runs the simulator, and its telemetry lands in the database', async () => {
    const dataDir = join(tmp, 'data');
    const fleetPath = join(tmp, 'fleet.json');
    writeFileSync(fleetPath, JSON.stringify(FLEET));
    const port = await freePort();
    const password = 'Admin#SimProc-2026';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: password,
        SERVICES: 'api,broker,ingest,sim',
        SIM_FLEET: fleetPath,
        SIM_BACKFILL_DAYS: '0',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
    try {
      const base = `http://127.0.0.1:${port}/api`;
      await until(() => output.includes('Sunfleet is running'), 'the server', 60_000);
      const login = (await (
        await fetch(`${base}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        })
      ).json()) as { data: { token: string } };
      const headers = { authorization: `Bearer ${login.data.token}` };
      const today = new Date().toISOString().slice(0, 10);
      // Both stations get hourly rollups with samples: hello registered the devices, telemetry was
      // committed and the rollup worker ran.
      await until(
        async () => {
          for (const id of [1, 2]) {
            const res = (await (
              await fetch(`${base}/station/${id}/rollup?period=hour&from=${today}&to=${today}`, { headers })
            ).json()) as { status: number; data?: { rows: { samples: number }[] } };
            if (res.status !== 200 || !res.data?.rows.some((r) => r.samples > 0)) return false;
          }
          return true;
        },
        'rollups of both stations',
        45_000,
      );
      expect(output).toContain('simulated fleet provisioned');
      expect(output).toMatch(
        /running 2 loggers of 2 stations against mqtt:\/\/127\.0\.0\.1:\d+ \(seed sim-service-test\)/,
      );
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('simulator stopped');
    const pid = Number(/"pid":(\d+),"msg":"simulator started"/.exec(output)?.[1]);
    expect(() => process.kill(pid, 0)).toThrow();

    const database = await openDatabase(
      { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      { migrationsFolder: paths.migrations },
    );
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        (await queryRows<{ n: number }>(database.db, query))[0]?.n ?? -1;
      expect(await count(sql`select count(*)::int as n from devices`)).toBe(6);
      expect(await count(sql`select count(distinct device_id)::int as n from telemetry`)).toBe(6);
      expect(await count(sql`select count(*)::int as n from ingest_dead_letters`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from stations where simulated`)).toBe(2);
      expect(
        await count(sql`select count(*)::int as n from gateways where simulated and station_id is not null`),
      ).toBe(2);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a bad SIM_FLEET with exit code 78 before creating anything', async () => {
    const dataDir = join(tmp, 'bad');
    const bad = join(tmp, 'bad-fleet.json');
    writeFileSync(bad, JSON.stringify({ ...FLEET, version: 2 }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SIM_FLEET: bad,
      },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((ok) => child.on('exit', (c) => ok(c)));
    expect(code).toBe(78);
    expect(stderr).toContain(
      `Invalid configuration: SIM_FLEET names an invalid fleet file: ${bad}\n  version: must be equal to constant`,
    );
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
