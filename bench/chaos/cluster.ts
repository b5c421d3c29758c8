// The parts of a deployment with an external broker, each a real process of its own on this machine: a
// private PostgreSQL (the machine's binaries, its own data directory and port), a private Mosquitto (the
// machine's binary; passwd/acl files from the registry, persistent sessions) and built Sunfleet server
// processes split by SERVICES — so a harness can stop, crash and restart any of them without touching
// the machine's shared services. Used by the chaos suite (bench/chaos) and the scale-out benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import {
  writeMosquittoFiles,
  type ServerMqttUser,
} from '../../apps/server/src/modules/gateways/mosquitto-files.js';
import { paths } from '../../apps/server/src/paths.js';
import { freePort } from '../../apps/server/test/broker-support.js';
import { startMosquitto, type MosquittoProcess } from '../../apps/server/test/support/mosquitto-process.js';
import {
  createInstanceDatabase,
  startPostgresInstance,
  type PostgresInstance,
} from '../../apps/server/test/support/postgres-instance.js';

const root = resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'Admin#Chaos-2026';
const SERVER_USER: ServerMqttUser = {
  username: 'sunfleet-server',
  password: 'chaos-server-secret-0123456789',
};

/** One Sunfleet server process (apps/server/dist/main.js) with its SERVICES; it can be killed and started again. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private text = '';
  readonly port: number | null;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
    port: number | null,
  ) {
    this.port = port;
  }

  get baseUrl(): string {
    if (this.port === null) throw new Error(`${this.name} serves no API`);
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Everything the process printed (all its runs). */
  output(): string {
    return this.text;
  }

  /** Starts the process; resolves once it logged "Sunfleet is running" (60 s at most). */
  async start(): Promise<void> {
    const from = this.text.length;
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env: this.env });
    this.child = child;
    const record = (d: Buffer): void => {
      this.text += d.toString();
    };
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(new Error(`${this.name} did not start in 60 s:\n${this.text.slice(from)}`));
      }, 60_000);
      const check = (): void => {
        if (!this.text.includes('"msg":"Sunfleet is running"', from)) return;
        clearTimeout(timer);
        child.stdout?.off('data', check);
        child.off('exit', exited);
        ok();
      };
      const exited = (code: number | null): void => {
        clearTimeout(timer);
        fail(new Error(`${this.name} exited with ${code}:\n${this.text.slice(from)}`));
      };
      child.stdout?.on('data', check);
      child.once('exit', exited);
    });
  }

  /** Sends `signal` (SIGSTOP freezes the process, SIGCONT lets it go on). */
  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  /** Sends `signal` and waits for the exit (SIGTERM is the clean stop, SIGKILL a crash). */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((ok) => child.once('exit', ok));
    child.kill(signal);
    await exited;
  }
}

export interface Cluster {
  postgres: PostgresInstance;
  databaseUrl: string;
  /** The harness's own connection (registry writes, checks). */
  database: Database;
  mosquitto: MosquittoProcess;
  /** A server process with these SERVICES (`ingestId`: its stable INGEST_CLIENT_ID). Not started. */
  server(
    name: string,
    services: string,
    options?: { ingestId?: string; env?: Record<string, string> },
  ): Promise<ServerProcess>;
  /** The server processes made so far. */
  servers(): readonly ServerProcess[];
  /** Rewrites Mosquitto's passwd/acl from the registry and reloads it (after registering loggers). */
  syncBrokerFiles(): Promise<void>;
  close(): Promise<void>;
}

/** Starts PostgreSQL (migrated by the harness) and Mosquitto; servers are made with `cluster.server()`. */
export async function startCluster(): Promise<Cluster> {
  buildIfStale({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-cluster-'));
  const postgres = await startPostgresInstance();
  const servers: ServerProcess[] = [];
  let mosquitto: MosquittoProcess | null = null;
  let database: Database | null = null;
  const close = async (): Promise<void> => {
    for (const server of servers) await server.kill('SIGKILL');
    await database?.close().catch(() => undefined);
    await mosquitto?.stop();
    await postgres.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await createInstanceDatabase(postgres, 'sunfleet');
    database = await openDatabase(
      { kind: 'postgres', url: databaseUrl, poolSize: 4 },
      { migrationsFolder: paths.migrations },
    );
    await database.migrate();
    const db = database;
    await writeMosquittoFiles(db.db, dir, SERVER_USER);
    mosquitto = await startMosquitto({ dir, persistence: true });
    const broker = mosquitto;
    const mqttUrl = `mqtt://${SERVER_USER.username}:${SERVER_USER.password}@127.0.0.1:${broker.serverPort}`;
    return {
      postgres,
      databaseUrl,
      database: db,
      mosquitto: broker,
      server: async (name, services, options = {}) => {
        const api = services.split(',').includes('api');
        const port = api ? await freePort() : null;
        const dataDir = join(dir, name);
        const env: Record<string, string> = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          SERVICES: services,
          DATABASE_URL: databaseUrl,
          MQTT_URL: mqttUrl,
          DATA_DIR: dataDir,
          ADMIN_PASSWORD,
          PASSWORD_HASHING: 'minimal',
          LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'info',
          HOST: '127.0.0.1',
          // Not used without the embedded broker, but it must not clash with anything.
          MQTT_PORT: String(await freePort()),
          ...(port === null ? {} : { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
          ...(options.ingestId === undefined ? {} : { INGEST_CLIENT_ID: options.ingestId }),
          ...options.env,
        };
        const server = new ServerProcess(name, env, port);
        servers.push(server);
        return server;
      },
      servers: () => servers,
      syncBrokerFiles: async () => {
        await writeMosquittoFiles(db.db, dir, SERVER_USER);
        await broker.reload();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
