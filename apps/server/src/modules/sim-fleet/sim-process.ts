// The simulator as a child process of the server: its output lines go into the server's log, an
// unexpected exit restarts it after a back-off (1 s doubling to 60 s, reset after a minute of running),
// and stop() ends it with SIGTERM (SIGKILL after a grace period). Its stdin is a pipe the child watches,
// so it also ends when the server dies without a word.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import { paths } from '../../paths.js';

export interface SimLaunch {
  command: string;
  /** Node options and the script, before the simulator's own arguments. */
  prefix: string[];
  cwd: string;
}

/** The bundled simulator from the bundled server; the sources through tsx in development and tests. */
export function simLaunch(): SimLaunch {
  if (paths.bundled && existsSync(paths.simDist)) {
    return {
      command: process.execPath,
      prefix: ['--enable-source-maps', paths.simDist],
      cwd: paths.repoRoot,
    };
  }
  return { command: process.execPath, prefix: ['--import', 'tsx', paths.simSource], cwd: paths.repoRoot };
}

export interface SimProcessOptions extends SimLaunch {
  args: string[];
  log: Logger;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Time the child gets after SIGTERM before SIGKILL, ms (default 5000). */
  stopGraceMs?: number;
}

/** Exit code of a usage error: the same arguments would fail again, so no restart. */
const USAGE_EXIT = 2;

export class SimProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private backoffMs: number;
  private startedAt = 0;
  private starts = 0;
  private readonly log: Logger;

  constructor(private readonly opts: SimProcessOptions) {
    this.backoffMs = opts.minBackoffMs ?? 1_000;
    this.log = opts.log.child({ component: 'sim' });
  }

  /** How many times the child was started. */
  get startCount(): number {
    return this.starts;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): void {
    if (this.stopping || this.child) return;
    this.starts++;
    this.startedAt = Date.now();
    const child = spawn(this.opts.command, [...this.opts.prefix, ...this.opts.args], {
      cwd: this.opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C in the terminal reaches the server, which then stops it in order.
      detached: true,
      env: process.env,
    });
    this.child = child;
    this.log.info({ pid: child.pid }, 'simulator started');
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) =>
      this.log.info(line),
    );
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
      this.log.warn(line),
    );
    child.stdin?.on('error', () => undefined);
    child.on('error', (err) => this.log.error({ err }, 'simulator could not be started'));
    child.on('exit', (code, signal) => this.onExit(child, code, signal));
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = null;
    if (this.stopping) return;
    if (code === USAGE_EXIT) {
      this.log.error({ code }, 'simulator refused its arguments: not restarted');
      return;
    }
    if (Date.now() - this.startedAt >= 60_000) this.backoffMs = this.opts.minBackoffMs ?? 1_000;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.maxBackoffMs ?? 60_000);
    this.log.error({ code, signal, restartInMs: delay }, 'simulator exited unexpectedly');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start();
    }, delay);
  }

  /** Ends the child (SIGTERM, then SIGKILL after the grace period) and stops restarting it. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const grace = setTimeout(() => child.kill('SIGKILL'), this.opts.stopGraceMs ?? 5_000);
    await exited;
    clearTimeout(grace);
    this.child = null;
    this.log.info('simulator stopped');
  }
}
