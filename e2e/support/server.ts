import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import type { ServerAddress } from './api.js';

const root = resolve(import.meta.dirname, '../..');

/** A built server the suites drive: where it listens, its administrator, its broker and its log. */
export interface TestServer extends ServerAddress {
  /** Port of the server's embedded MQTT broker (loggers connect here). */
  mqttPort: number;
  /** The process's output so far (for the mail it logs, and for diagnosing a failing test). */
  output(): string;
}

export interface RunningTestServer extends TestServer {
  /** The server process's id (bench/soak.ts reads its CPU and memory from /proc and finds its children). */
  pid: number;
  stop(): Promise<void>;
}

/** What the e2e project's globalSetup hands every file about the shared server (support/shared-server.ts). */
export interface SharedServerInfo extends ServerAddress {
  mqttPort: number;
  logFile: string;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Users created with the operator CLI before the server starts (role 5 = owner, company 2 = demo). */
  seedUsers?: { username: string; password: string; role?: number; company?: number }[];
  /**
   * A file to copy the process's output to as it comes, for other processes to read: the files sharing
   * the server run in processes of their own (security-codes.e2e.ts reads the mail the server logs).
   */
  logFile?: string;
  /** How long the server may take to answer /api/health (default 60 s; a large SIM_FLEET is checked first). */
  healthTimeoutMs?: number;
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
 * exactly as `npm start` runs it. The web and server are rebuilt first when their sources changed. The e2e
 * files share one (global-setup.ts, `sharedServer()`); a file whose server needs an environment of its own
 * can still start one.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningTestServer> {
  buildIfStale({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'sunfleet-e2e-'));
  const { logFile } = options;
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
  // The free ports were free when asked; a suite running beside this one (the unit lane starts brokers
  // and servers on free ports too) can take one before the server binds it. Then it exits at once saying
  // so, and starts again on two new ports.
  let output = '';
  let stopped = false;
  const record = (d: Buffer): void => {
    output += d.toString();
    if (logFile !== undefined && !stopped) appendFileSync(logFile, d);
  };
  let child: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    output = '';
    if (logFile !== undefined) writeFileSync(logFile, '');
    child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env });
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    const healthy = await becomesHealthy(
      child,
      `http://127.0.0.1:${env.PORT}`,
      () => output,
      options.healthTimeoutMs ?? 60_000,
    );
    if (healthy) break;
    if (attempt === 3 || !/already in use/.test(output)) throw new Error(`server exited early:\n${output}`);
    const [port, mqttPort] = [await freePort(), await freePort()];
    Object.assign(env, {
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
  }
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  return {
    baseUrl,
    pid: child.pid ?? 0,
    adminUsername: 'admin',
    adminPassword,
    mqttPort: Number(env.MQTT_PORT),
    output: () => output,
    stop: async () => {
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for /api/health: true once it answers, false when the process exited first (timeoutMs at most). */
async function becomesHealthy(
  child: ChildProcess,
  baseUrl: string,
  output: () => string,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
