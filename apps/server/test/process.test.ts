import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.js';
import { paths } from '../src/paths.js';
import { BUILT_SERVER_ENTRY, buildServerIfStale } from './support/built-server.js';
import { waitFor } from './support/poll.js';
import { SMALL_FLEET } from './support/small-fleet.js';

const serverRoot = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-proc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(buildServerIfStale, 180_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real entry point (the built dist/main.js) until it exits or `until` matches its output. */
function run(
  env: Record<string, string>,
  until?: RegExp,
  then?: (out: string) => Promise<void>,
  killAfterMs = 60_000,
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BUILT_SERVER_ENTRY], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    const check = (): void => {
      if (until && !triggered && until.test(stdout + stderr)) {
        triggered = true;
        (then ?? (() => Promise.resolve()))(stdout).then(
          () => child.kill('SIGTERM'),
          (err: unknown) => {
            child.kill('SIGKILL');
            fail(err instanceof Error ? err : new Error(String(err)));
          },
        );
      }
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      check();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      check();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

function occupy(): Promise<Server> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => ok(s));
  });
}

async function freePort(): Promise<number> {
  const s = await occupy();
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

describe('the server process', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const r = await run({ PORT: 'eighty' });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain('Invalid configuration: PORT must be a port number');
  });

  it('fails fast on a busy HTTP port, naming PORT', async () => {
    const busy = await occupy();
    const port = (busy.address() as AddressInfo).port;
    const r = await run({
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVICES: 'api',
      DATA_DIR: join(tmp, 'busy-http'),
      ADMIN_PASSWORD: 'Admin#Proc-2026',
    });
    busy.close();
    expect(r.code).toBe(98);
    expect(r.stderr).toContain(`Port ${port} is already in use: set PORT`);
  });

  it('fails fast on a busy MQTT port, naming MQTT_PORT', async () => {
    const busy = await occupy();
    const port = (busy.address() as AddressInfo).port;
    const r = await run({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      MQTT_PORT: String(port),
      SERVICES: 'api,broker',
      DATA_DIR: join(tmp, 'busy-mqtt'),
      ADMIN_PASSWORD: 'Admin#Proc-2026',
    });
    busy.close();
    expect(r.code).toBe(98);
    expect(r.stderr).toContain(`set MQTT_PORT`);
    // Nothing was initialised: no database, no generated password.
    expect(existsSync(join(tmp, 'busy-mqtt'))).toBe(false);
  });

  it('starts on PGlite under DATA_DIR with the simulated fleet, prints a generated admin password once, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = join(tmp, 'fresh');
    const fleetPath = join(tmp, 'fleet.json');
    writeFileSync(fleetPath, JSON.stringify(SMALL_FLEET));
    let health: unknown = null;
    let loginStatus = 0;
    let firmwareKey = { pem: '', fingerprint: '' };
    const r = await run(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        // Every service, the simulator child with a small fleet among them (sim-fleet-process.test.ts
        // tests the child's supervision).
        SERVICES: 'api,broker,ingest,jobs,sim',
        SIM_FLEET: fleetPath,
        SIM_BACKFILL_DAYS: '0',
      },
      /Sunfleet is running/,
      async (out) => {
        const base = `http://127.0.0.1:${port}/api`;
        const password = /password '([^']+)'/.exec(out)?.[1] ?? '';
        health = await (await fetch(`${base}/health`)).json();
        const login = (await (
          await fetch(`${base}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password }),
          })
        ).json()) as { status: number; data: { token: string } };
        loginStatus = login.status;
        const headers = { authorization: `Bearer ${login.data.token}` };
        firmwareKey = (
          (await (await fetch(`${base}/firmware/publicKey`, { headers })).json()) as {
            data: { pem: string; fingerprint: string };
          }
        ).data;
        const today = new Date().toISOString().slice(0, 10);
        // Both stations get hourly rollups with samples: hello registered the devices, telemetry was
        // committed and the rollup worker ran.
        await waitFor(
          async () => {
            for (const id of [1, 2]) {
              const res = (await (
                await fetch(`${base}/station/${id}/rollup?period=hour&from=${today}&to=${today}`, { headers })
              ).json()) as { status: number; data?: { rows: { samples: number }[] } };
              if (res.status !== 200 || !res.data?.rows.some((row) => row.samples > 0)) return false;
            }
            return true;
          },
          'rollups of both simulated stations',
          45_000,
        );
      },
      120_000,
    );
    expect(health).toMatchObject({ status: 200, data: { database: 'up', broker: 'up' } });
    expect(loginStatus).toBe(200);
    expect(r.stdout).toContain("Administrator created: user name 'admin'");
    const file = readFileSync(join(dataDir, 'admin-password.txt'), 'utf8');
    expect(r.stdout).toContain(file.split('\n')[1]);
    expect(r.stdout).toContain('simulated fleet provisioned');
    // The firmware signing key was made on this first start, and the simulated loggers trust its public half.
    expect(statSync(join(dataDir, 'firmware-signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(firmwareKey.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(JSON.parse(readFileSync(join(dataDir, 'sim', 'trusted-keys.json'), 'utf8'))).toEqual([
      firmwareKey.pem,
    ]);
    expect(r.stdout).toContain(`"fingerprint":"${firmwareKey.fingerprint}"`);
    expect(r.stdout).toMatch(
      /running 2 loggers of 2 stations against mqtt:\/\/127\.0\.0\.1:\d+ \(seed sim-service-test\)/,
    );
    expect(r.stdout).toContain('shutting down');
    expect(r.stdout).toContain('simulator stopped');
    expect(r.code).toBe(0);
    // The simulator child went with the server.
    const pid = Number(/"pid":(\d+),"msg":"simulator started"/.exec(r.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
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

    // Second start on the same data: no new password, the data is still there.
    const again = await run(
      { PORT: String(port), HOST: '127.0.0.1', SERVICES: 'api', DATA_DIR: dataDir },
      /Sunfleet is running/,
    );
    expect(again.stdout).not.toContain('Administrator created');
    expect(again.stdout).toContain(`"fingerprint":"${firmwareKey.fingerprint}"`);
    expect(again.code).toBe(0);
  }, 180_000);
});
