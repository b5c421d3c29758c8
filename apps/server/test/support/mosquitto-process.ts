// A Mosquitto of its own (the machine's /usr/sbin/mosquitto) on free ports, configured as
// docs/operations.md "Plain Mosquitto" describes: the passwd and acl files `cli.js mqtt:mosquitto-files`
// writes, one listener for the loggers (client id forced to the user name) and one for the server's
// connections. It can be restarted (its persistent sessions and queued messages survive a clean stop) and
// reloaded (SIGHUP re-reads the files) — the machine's Mosquitto that other suites share is never touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../broker-support.js';

export const MOSQUITTO = '/usr/sbin/mosquitto';
export const mosquittoInstalled = (): boolean => existsSync(MOSQUITTO);

export interface MosquittoOptions {
  /** Directory holding `passwd` and `acl` (written before the start) and, with persistence, its store. */
  dir: string;
  /**
   * Keep sessions and queued messages across restarts (`mosquitto.db` in `dir`), with no cap on the
   * messages queued per session: a stopped ingest's share of uplinks waits for it instead of being
   * dropped at Mosquitto's default of 1,000.
   */
  persistence?: boolean;
}

export interface MosquittoProcess {
  /** Loggers connect here (client id = user name = SN). */
  readonly loggerUrl: string;
  /** The server's connections (downlink client, ingest consumers) connect here. */
  readonly serverPort: number;
  readonly loggerPort: number;
  /** Stops it cleanly (SIGTERM: the persistence file is written) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same ports and files; resolves once it listens. */
  start(): Promise<void>;
  /** SIGHUP: re-reads passwd and acl; resolves once Mosquitto says it reloads (and a moment after). */
  reload(): Promise<void>;
  /** Its log so far (this run and the earlier ones). */
  log(): string;
}

/** Writes the configuration and starts Mosquitto; resolves once both listeners are open. */
export async function startMosquitto(options: MosquittoOptions): Promise<MosquittoProcess> {
  const [loggerPort, serverPort] = [await freePort(), await freePort()];
  const config = join(options.dir, 'mosquitto.conf');
  const persistence = options.persistence === true;
  await writeFile(
    config,
    [
      'per_listener_settings false',
      'allow_anonymous false',
      `password_file ${join(options.dir, 'passwd')}`,
      `acl_file ${join(options.dir, 'acl')}`,
      ...(persistence
        ? [
            'persistence true',
            `persistence_location ${options.dir}/`,
            'max_queued_messages 10000000',
            'max_queued_bytes 0',
          ]
        : ['persistence false']),
      // Running as root (CI containers), Mosquitto would switch to its own user and lose the 0600 files.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      'log_type information',
      // Loggers: the client id is forced to the user name, so no logger can take over another's session.
      `listener ${loggerPort} 127.0.0.1`,
      'use_username_as_clientid true',
      // The server's own connections (downlink client, ingest consumers) use their own client ids.
      `listener ${serverPort} 127.0.0.1`,
      '',
    ].join('\n'),
  );
  let log = '';
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    const started = log.length;
    const current = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = current;
    current.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mosquitto did not start:\n${log}`)), 10_000);
      const check = (): void => {
        if (/mosquitto version [\d.]+ running/.test(log.slice(started))) {
          clearTimeout(timer);
          current.off('exit', exited);
          resolve();
        }
      };
      const exited = (code: number | null): void => {
        clearTimeout(timer);
        reject(new Error(`mosquitto exited with ${code}:\n${log}`));
      };
      current.stderr?.on('data', check);
      current.once('exit', exited);
    });
  };
  const stop = async (): Promise<void> => {
    const current = child;
    child = null;
    if (current === null || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    loggerUrl: `mqtt://127.0.0.1:${loggerPort}`,
    loggerPort,
    serverPort,
    start,
    stop,
    reload: async () => {
      const current = child;
      if (current === null) return;
      const reloaded = new Promise<void>((resolve) => {
        const onData = (chunk: Buffer): void => {
          if (/Reloading config/i.test(chunk.toString())) {
            current.stderr?.off('data', onData);
            // The message comes before the files are read; they are small.
            setTimeout(resolve, 100);
          }
        };
        current.stderr?.on('data', onData);
      });
      current.kill('SIGHUP');
      await reloaded;
    },
    log: () => log,
  };
}
