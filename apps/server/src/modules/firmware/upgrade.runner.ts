// The upgrade tasks' runner (docs/firmware.md "Upgrade tasks"), run by the jobs service: each round it
// starts tasks whose appointment came, follows every device under way through its command and the logger's
// progress reports, watches an installed device's health for the task's watch time, retries what may
// succeed on a second try, pauses a task whose failures pass its threshold, sends the next wave once the
// previous one has ended, and ends tasks with nothing left to do. Rounds are safe to run from several
// processes: each task is handled in one transaction under a transaction-scoped advisory lock on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { UpgradeLimits, type UpgradeDeviceState } from '@sunfleet/contracts';
import type { Database, Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { CommandsService } from '../commands/commands.service.js';
import { wakeCommandDispatchers } from '../commands/dispatcher.js';
import { FirmwareRepository } from './firmware.repository.js';
import { issueDownloadLink } from './download-links.js';
import {
  UNFINISHED_DEVICE_STATES,
  UpgradeRepository,
  type TaskDeviceRow,
  type TaskRow,
} from './upgrade.repository.js';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../reference/sql-helpers.js';

/** Errors a second try cannot fix: the image itself was refused. */
const FINAL_ERRORS = new Set(['hash-mismatch', 'signature-mismatch', 'no-trusted-key', 'image-too-large']);
const UPGRADE_LOCK = 727_2026_05;
/** Below this mean power of its peers (W) an inverter's output is not compared (night, overcast). */
const PEER_POWER_MIN_W = 100;
/** An upgraded inverter producing less than this share of its peers' median counts as a regression. */
const PEER_SHARE_MIN = 0.5;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** How often the jobs service runs a round (a task created or resumed in the same process wakes it at once). */
export const UPGRADE_ROUND_MS = 5_000;

export interface UpgradeRoundResult {
  started: number;
  sent: number;
  done: number;
  failed: number;
  paused: number;
  ended: number;
}

export interface UpgradeRunnerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Runners started in this process: a task created or resumed here wakes them at once. */
const running = new Set<UpgradeRunner>();

export function wakeUpgradeRunners(): void {
  for (const runner of running) runner.kick();
}

export class UpgradeRunner {
  private timer: NodeJS.Timeout | null = null;
  private active: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      /** PUBLIC_URL: the base of the download links loggers are sent. */
      publicUrl: string;
      log?: UpgradeRunnerLog;
    },
  ) {}

  /** Runs a round every `intervalMs` (and when woken) until stop(). */
  start(intervalMs: number): void {
    running.add(this);
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    running.delete(this);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.active;
  }

  kick(): void {
    if (this.active !== null) {
      this.again = true;
      return;
    }
    this.active = this.round()
      .then((done) => {
        if (done.started + done.sent + done.done + done.failed + done.paused + done.ended > 0)
          this.deps.log?.info(done, 'upgrade tasks');
      })
      .catch((err: unknown) => this.deps.log?.warn({ err }, 'upgrade round failed; will retry'))
      .finally(() => {
        this.active = null;
        if (this.again && this.timer !== null) {
          this.again = false;
          this.kick();
        }
      });
  }

  async round(): Promise<UpgradeRoundResult> {
    const result: UpgradeRoundResult = { started: 0, sent: 0, done: 0, failed: 0, paused: 0, ended: 0 };
    const now = this.deps.clock.now();
    const { database } = this.deps;
    for (const task of await new UpgradeRepository(database.db).tasksToRun(now)) {
      // One transaction per task: its devices, commands and download links change together, and on
      // PostgreSQL a transaction-scoped advisory lock lets one jobs copy handle the task (the others skip it).
      const sentBefore = result.sent;
      await database.db.transaction(async (tx) => {
        if (database.kind === 'postgres') {
          const locked = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(${UPGRADE_LOCK}, hashtext(${task.id})) as locked`,
          )) as { rows: { locked: boolean }[] };
          if (locked.rows[0]?.locked !== true) return;
        }
        await this.runTask(tx, task, now, result);
      });
      // Committed: the dispatchers may send the new commands now.
      if (result.sent > sentBefore) wakeCommandDispatchers();
    }
    return result;
  }

  private async runTask(db: Db, task: TaskRow, now: Date, result: UpgradeRoundResult): Promise<void> {
    const repo = new UpgradeRepository(db);
    let state = task.state;
    if (state === 'WAITING') {
      if (!(await repo.moveTask(task.id, ['WAITING'], { state: 'RUNNING', startedAt: now }))) return;
      state = 'RUNNING';
      result.started++;
    }
    const rows = await repo.devices(task.id);
    await this.follow(repo, task, rows, now, result);
    const count = (s: UpgradeDeviceState): number => rows.filter((r) => r.state === s).length;

    if (state !== 'RUNNING') return;
    const unfinished = rows.filter((r) => UNFINISHED_DEVICE_STATES.includes(r.state));
    if (unfinished.length === 0) {
      const ended = count('FAILED') > 0 ? 'FAILED' : 'COMPLETE';
      if (await repo.moveTask(task.id, ['RUNNING'], { state: ended, finishedAt: now })) result.ended++;
      return;
    }
    // Devices are left to send: too many failures so far hold them back.
    const finished = count('DONE') + count('FAILED');
    const overThreshold =
      count('FAILED') > 0 && (count('FAILED') * 100) / finished > task.failureThresholdPercent;
    // Held back are the devices never sent; a retry of the current wave goes on.
    const neverSent = rows.filter((r) => r.state === 'WAITING' && r.attempts === 0).length;
    if (overThreshold && neverSent > 0) {
      if (await repo.moveTask(task.id, ['RUNNING'], { state: 'PAUSED', pauseReason: 'FAILURE_THRESHOLD' })) {
        this.deps.log?.warn(
          { taskId: task.id, failed: count('FAILED'), finished },
          'upgrade task paused: failures over its threshold',
        );
        result.paused++;
      }
      return;
    }
    await this.sendWave(db, repo, task, rows, now, result);
  }

  /** Brings each device under way up to date from its command, its progress reports and its health. */
  private async follow(
    repo: UpgradeRepository,
    task: TaskRow,
    rows: TaskDeviceRow[],
    now: Date,
    result: UpgradeRoundResult,
  ): Promise<void> {
    const inFlight = rows.filter(
      (r) => (r.state === 'SENT' || r.state === 'UPGRADING') && r.commandId !== null,
    );
    const commands = await repo.commandsOf(
      inFlight.flatMap((r) => (r.commandId === null ? [] : [r.commandId])),
    );
    const set = async (row: TaskDeviceRow, values: Partial<TaskDeviceRow>): Promise<void> => {
      Object.assign(row, values);
      const { stationName: _name, ...stored } = values;
      await repo.updateDevice(row.id, stored);
    };
    for (const row of inFlight) {
      const command = row.commandId === null ? undefined : commands.get(row.commandId);
      if (command === undefined) continue;
      const stage = (command.stage ?? null) as TaskDeviceRow['stage'];
      if (command.state === 'DONE') {
        const version =
          (typeof command.result?.version === 'string' ? command.result.version : null) ??
          command.version ??
          null;
        const watchUntil = new Date(now.getTime() + task.healthWatchMinutes * 60_000);
        await set(row, {
          state: task.healthWatchMinutes === 0 ? 'DONE' : 'WATCHING',
          stage: 'DONE',
          percent: 100,
          toVersion: version,
          finishedAt: now,
          watchUntil,
          error: null,
        });
        if (row.state === 'DONE') result.done++;
      } else if (command.state === 'FAILED' || command.state === 'EXPIRED') {
        const error =
          command.state === 'EXPIRED' ? 'expired' : (command.error ?? command.progressError ?? 'failed');
        if (!FINAL_ERRORS.has(error) && row.attempts <= task.retries) {
          await set(row, { state: 'WAITING', error, stage, percent: command.percent ?? row.percent });
        } else {
          await set(row, { state: 'FAILED', error, stage: 'FAILED', finishedAt: now });
          result.failed++;
        }
      } else if (stage !== null && (stage !== row.stage || command.percent !== row.percent)) {
        await set(row, { state: 'UPGRADING', stage, percent: command.percent ?? row.percent });
      }
    }
    // Peers that took this image themselves would hide a regression they share: they are left out.
    const upgradedHere = new Set(
      rows.flatMap((r) =>
        r.deviceId !== null && (r.attempts > 0 || !['WAITING', 'SKIPPED'].includes(r.state))
          ? [r.deviceId]
          : [],
      ),
    );
    for (const row of rows.filter(
      (r) => r.state === 'WATCHING' && r.watchUntil !== null && r.watchUntil <= now,
    )) {
      const regression = await this.regression(repo, task, row, now, upgradedHere);
      if (regression === null) {
        await set(row, { state: 'DONE' });
        result.done++;
      } else {
        await set(row, { state: 'FAILED', error: regression });
        result.failed++;
      }
    }
  }

  /**
   * What went wrong after an install, or null: the device (the logger, for a logger upgrade) has not
   * reported since it was upgraded or fell silent for three upload intervals, an URGENT alarm was raised on
   * it since, or — an inverter — it produced less than half of what its peers (same model, same station,
   * not upgraded by this task) produced meanwhile, while they produced something worth comparing.
   */
  private async regression(
    repo: UpgradeRepository,
    task: TaskRow,
    row: TaskDeviceRow,
    now: Date,
    upgradedHere: ReadonlySet<number>,
  ): Promise<string | null> {
    const since = row.finishedAt ?? now;
    const health = await repo.health(row, since);
    if (health.lastSeenAt === null || health.lastSeenAt < since)
      return 'regression: silent since the upgrade';
    if (now.getTime() - health.lastSeenAt.getTime() > 3 * health.uploadIntervalS * 1000)
      return 'regression: stopped reporting';
    if (health.urgentAlarms > 0)
      return `regression: ${health.urgentAlarms} urgent alarm(s) since the upgrade`;
    if (task.deviceType !== 'INVERTER' || row.deviceId === null) return null;
    const peers = (await repo.peersOf(row.deviceId)).filter((id) => !upgradedHere.has(id));
    if (peers.length === 0) return null;
    const means = await repo.meanPower([row.deviceId, ...peers], since, now);
    const peerMeans = peers.flatMap((id) => {
      const mean = means.get(id);
      return mean === undefined ? [] : [mean];
    });
    const own = means.get(row.deviceId);
    const peerMedian = median(peerMeans);
    if (own === undefined || peerMedian === null || peerMedian < PEER_POWER_MIN_W) return null;
    if (own < PEER_SHARE_MIN * peerMedian)
      return `regression: output ${Math.round((own / peerMedian) * 100)} % of its peers`;
    return null;
  }

  /**
   * Sends the waiting devices of the lowest wave that has not ended, once every earlier wave has; a device
   * already under way in another task is left waiting (never two upgrades at once on one device).
   */
  private async sendWave(
    db: Db,
    repo: UpgradeRepository,
    task: TaskRow,
    rows: TaskDeviceRow[],
    now: Date,
    result: UpgradeRoundResult,
  ): Promise<void> {
    const open = rows.filter((r) => UNFINISHED_DEVICE_STATES.includes(r.state));
    if (open.length === 0) return;
    const wave = Math.min(...open.map((r) => r.wave));
    if (task.currentWave !== wave) await repo.updateTask(task.id, { currentWave: wave });
    const waiting = open.filter((r) => r.wave === wave && r.state === 'WAITING');
    if (waiting.length === 0) return;
    const image = await new FirmwareRepository(db).one(task.firmwareId);
    if (image === null) return;
    for (const row of waiting) {
      const commandId = randomUUID();
      const attempt = row.attempts + 1;
      const expiresAt = new Date(now.getTime() + UpgradeLimits.commandTtlSeconds * 1000);
      try {
        // A savepoint per device: the unique index refuses a device already under way in another task,
        // which leaves that device waiting and the rest of the round going on.
        await db.transaction(async (sp) => {
          await new UpgradeRepository(sp).updateDevice(row.id, {
            state: 'SENT',
            commandId,
            attempts: attempt,
            stage: null,
            percent: 0,
            startedAt: row.startedAt ?? now,
          });
          const url = await issueDownloadLink(sp, {
            firmwareId: image.id,
            commandId,
            expiresAt,
            now,
            publicUrl: this.deps.publicUrl,
          });
          // Woken after the commit (round()), not by each insert.
          await new CommandsService({ db: sp, clock: this.deps.clock, onEnqueued: () => undefined }).enqueue({
            id: commandId,
            gatewayId: row.gatewayId,
            ...(row.deviceId === null ? {} : { deviceId: row.deviceId }),
            name: 'firmware.upgrade',
            params: { url, sha256: image.sha256, signature: image.signature, version: image.version },
            ttlSeconds: UpgradeLimits.commandTtlSeconds,
            idempotencyKey: `upgrade:${row.id}:${attempt}`,
            userId: task.createdByUserId,
          });
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) continue;
        throw error;
      }
      result.sent++;
    }
  }
}
