import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-proc-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real entry point (src/main.ts through tsx) until it exits or `until` matches its output. */
function run(
  env: Record<string, string>,
  until?: RegExp,
  then?: (out: string) => Promise<void>,
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
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

  it('starts on PGlite under DATA_DIR, prints a generated admin password once, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = join(tmp, 'fresh');
    let health: unknown = null;
    let loginStatus = 0;
    const r = await run(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        // Every service but the simulator: this test is about the process (sim-fleet-process.test.ts runs
        // the simulator child), and a second TypeScript process costs seconds of CPU on a small machine.
        SERVICES: 'api,broker,ingest,jobs',
      },
      /Sunfleet is running/,
      async (out) => {
        const password = /password '([^']+)'/.exec(out)?.[1] ?? '';
        health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
        const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
        loginStatus = ((await login.json()) as { status: number }).status;
      },
    );
    expect(health).toMatchObject({ status: 200, data: { database: 'up', broker: 'up' } });
    expect(loginStatus).toBe(200);
    expect(r.stdout).toContain("Administrator created: user name 'admin'");
    const file = readFileSync(join(dataDir, 'admin-password.txt'), 'utf8');
    expect(r.stdout).toContain(file.split('\n')[1]);
    expect(r.stdout).toContain('shutting down');
    expect(r.code).toBe(0);

    // Second start on the same data: no new password, the data is still there.
    const again = await run(
      { PORT: String(port), HOST: '127.0.0.1', SERVICES: 'api', DATA_DIR: dataDir },
      /Sunfleet is running/,
    );
    expect(again.stdout).not.toContain('Administrator created');
    expect(again.code).toBe(0);
  }, 120_000);
});
