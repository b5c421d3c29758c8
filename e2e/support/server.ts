import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';

const root = resolve(import.meta.dirname, '../..');

export interface RunningTestServer {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
  /** Port of the server's embedded MQTT broker (loggers connect here). */
  mqttPort: number;
  /** The process's output so far (for diagnosing a failing test). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Users created with the operator CLI before the server starts (role 5 = owner, company 2 = demo). */
  seedUsers?: { username: string; password: string; role?: number; company?: number }[];
}

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

/**
 * Boots the real, built server (web console included) on free ports with a fresh PGlite data directory,
 * exactly as `npm start` runs it. The web and server are rebuilt first when their sources changed.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningTestServer> {
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'sunfleet-e2e-'));
  const adminPassword = 'Admin#E2e-2026';
  const port = await freePort();
  const mqttPort = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The demo fleet runs as with `npm start`, live only: two days of history would load the suites' server.
    SIM_BACKFILL_DAYS: '0',
    // Logins cost microseconds instead of a fifth of a second (docs/testing.md); seeded users too.
    PASSWORD_HASHING: 'minimal',
    ...options.env,
  };
  for (const user of options.seedUsers ?? []) {
    const args = [
      'apps/server/dist/cli.js',
      'user:create',
      '--username',
      user.username,
      '--password',
      user.password,
    ];
    if (user.role !== undefined) args.push('--role', String(user.role));
    if (user.company !== undefined) args.push('--company', String(user.company));
    const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`seeding ${user.username} failed: ${r.stderr}`);
  }
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    adminUsername: 'admin',
    adminPassword,
    mqttPort: Number(env.MQTT_PORT),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
