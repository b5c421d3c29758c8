// Sends commands to loggers. Runs in every process that holds a broker Downlink; several dispatchers may
// run against one database: each claims commands with FOR UPDATE SKIP LOCKED, so a command is published
// by one of them at a time.
import { commandTopic, PROTOCOL_VERSION, TelemetryLimits, type CommandRequest } from '@sunfleet/contracts';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Downlink } from '../../services/mqtt-types.js';
import { CommandsRepository, type SendableCommand } from './commands.repository.js';

/** Commands published per round; more wait for the next round (the dispatcher re-runs at once). */
const BATCH = 100;
const KICK_DELAY_MS = 10;

/** Dispatchers started in this process, woken when a command is enqueued here. */
const running = new Set<CommandDispatcher>();

/**
 * Wakes this process's dispatchers (the enqueueing API and the dispatcher share a process in the
 * embedded setup). Dispatchers elsewhere pick the command up on their timer.
 */
export function wakeCommandDispatchers(): void {
  for (const dispatcher of running) dispatcher.kick();
}

function requestOf(command: SendableCommand): CommandRequest {
  const { row } = command;
  return {
    v: PROTOCOL_VERSION,
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    name: row.name,
    ...(command.deviceSn === null ? {} : { dev: command.deviceSn }),
    params: row.params,
    expiresAt: row.expiresAt.getTime(),
  };
}

export class CommandDispatcher {
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly resendAfterMs: number;
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private active: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly deps: {
      database: Database;
      downlink: Downlink;
      log: Logger;
      clock?: Clock;
      intervalMs?: number;
      resendAfterMs?: number;
    },
  ) {
    this.clock = deps.clock ?? systemClock;
    this.intervalMs = deps.intervalMs ?? 1_000;
    this.resendAfterMs = deps.resendAfterMs ?? TelemetryLimits.commandResendAfterSeconds * 1000;
  }

  start(): void {
    this.stopped = false;
    running.add(this);
    this.timer ??= setInterval(() => this.run(), this.intervalMs);
    this.timer.unref();
    this.run();
  }

  /** Runs a round soon; kicks while one is pending or running are coalesced. */
  kick(): void {
    if (this.stopped || this.kickTimer !== null) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.run();
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    running.delete(this);
    if (this.timer !== null) clearInterval(this.timer);
    if (this.kickTimer !== null) clearTimeout(this.kickTimer);
    this.timer = null;
    this.kickTimer = null;
    await this.active;
  }

  /**
   * One round: open commands past their expiry become EXPIRED; PENDING ones and SENT ones unanswered
   * for resendAfterMs are published (QoS 1) and marked SENT. A failed publish leaves the command as it
   * was for the next round. Answers the counts.
   */
  async runOnce(): Promise<{ sent: number; expired: number }> {
    const db = this.deps.database.db;
    const now = this.clock.now();
    const expired = await db.transaction((tx) => new CommandsRepository(tx).expire(now));
    let sent = 0;
    let full = true;
    // A stop() during a long backlog ends the loop after the current batch.
    while (full && !(this.stopped && this.active !== null)) {
      const round = await db.transaction(async (tx) => {
        const repo = new CommandsRepository(tx);
        const claimed = await repo.claimSendable(now, new Date(now.getTime() - this.resendAfterMs), BATCH);
        let published = 0;
        for (const command of claimed) {
          try {
            await this.deps.downlink.publish(
              commandTopic(command.gatewaySn),
              Buffer.from(JSON.stringify(requestOf(command))),
            );
          } catch (err) {
            this.deps.log.warn({ err, commandId: command.row.id }, 'command not published; will retry');
            continue;
          }
          // Marked after the publish, inside the claim: a logger answering at once waits for this row
          // lock, so its ACKNOWLEDGED always lands after SENT.
          await repo.update(command.row.id, { state: 'SENT', sentAt: now });
          published++;
        }
        return { claimed: claimed.length, published };
      });
      sent += round.published;
      full = round.claimed === BATCH && round.published > 0;
    }
    return { sent, expired: expired.length };
  }

  private run(): void {
    if (this.stopped) return;
    if (this.active !== null) {
      this.again = true;
      return;
    }
    this.active = this.runOnce()
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'command dispatch failed; will retry'))
      .finally(() => {
        this.active = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}
