// The ingest: logger protocol → database, exactly once. Every uplink is validated, then stored (telemetry
// in group-committed batches, everything else directly) or kept as a dead letter; the handler resolves
// only after that commit, so the broker's PUBACK means "stored". It rejects only when the database is
// unavailable: the broker then withholds the PUBACK and the logger sends the message again.
import type { CommandResult, FirmwareProgress, UplinkKind } from '@sunfleet/contracts';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import type { UplinkHandler, UplinkMessage } from '../../services/mqtt-types.js';
import type { DefinitionCache } from '../registry/definitions.cache.js';
import { Batcher } from './batcher.js';
import { DeadLetterWriter } from './dead-letters.repository.js';
import { IngestDirectory, type GatewayRef } from './directory.js';
import { storeHello } from './hello.handler.js';
import { storeAlarms } from './alarms.handler.js';
import { storeRecording } from './recording.handler.js';
import { IngestMetrics, type MessageResult } from './metrics.js';
import type { Refusal } from './reasons.js';
import { GatewaySeen } from './seen.js';
import { sqlRunner, type SqlRunner } from './sql.js';
import type { RowEncoder } from './telemetry.encode.js';
import { prepareTelemetry, type Envelope, type PreparedTelemetry } from './telemetry.prepare.js';
import { TelemetryWriter, type WriteOutcome, type WriterFaults } from './telemetry.writer.js';
import { isTransient, TransientError } from './transient.js';
import { UplinkValidator, type Uplink } from './validator.js';

export interface IngestHooks {
  /** After every committed batch that wrote telemetry rows (kicks the rollup worker). */
  onCommitted(): void;
  commandResult(gatewayId: number, message: CommandResult): Promise<void>;
  firmwareProgress(gatewayId: number, message: FirmwareProgress): Promise<void>;
}

export interface IngestDeps {
  database: Database;
  definitions: Pick<DefinitionCache, 'registersForModel' | 'resolveModel'>;
  hooks: IngestHooks;
  log: Logger;
  now?: () => number;
  batch?: { maxReadings?: number; maxDelayMs?: number; concurrency?: number };
  /** Registry for the ingest's metrics (the API's /metrics registry); a private one otherwise. */
  metrics?: Registry;
  /** PostgreSQL application_name of the ingest's transactions (operators and tests find them by it). */
  applicationName?: string;
  /** Tests only: fault injection inside each telemetry transaction. */
  faults?: WriterFaults;
  /**
   * With several ingest copies behind a shared subscription, a logger's hello and its next telemetry can
   * reach different copies, and the telemetry can come first. For this long after a logger's first
   * message naming devices no hello has announced, such messages are not acknowledged (the broker
   * delivers them again) instead of becoming `unknown-device` dead letters. 0 (the embedded broker, which
   * acknowledges a hello only once it is stored): refused at once.
   */
  unknownDeviceGraceMs?: number;
}

const DEFAULT_MAX_READINGS = 5_000;
const DEFAULT_MAX_DELAY_MS = 25;
/** Main-thread time spent dispatching arrived messages before the event loop handles I/O again. */
const DISPATCH_SLICE_MS = 0.25;

export class IngestService {
  readonly handle: UplinkHandler;
  readonly metrics: IngestMetrics;
  private readonly sql: SqlRunner;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly validator = new UplinkValidator();
  private readonly directory: IngestDirectory;
  private readonly deadLetters: DeadLetterWriter;
  private readonly telemetry: Batcher<PreparedTelemetry>;
  /** Encodes readings for the telemetry writer as messages are prepared. */
  private readonly encoder: RowEncoder;
  private readonly seen: GatewaySeen;
  /** Per logger, the hello being stored: its later messages wait for it (they may name its devices). */
  private readonly hellos = new Map<string, Promise<unknown>>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly outcomes = new WeakMap<object, WriteOutcome>();
  private readonly poisoned = new WeakSet<PreparedTelemetry>();
  /** Messages received and not yet handed to `receive` (see drainArrivals). */
  private readonly arrivals: {
    message: UplinkMessage;
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  private draining: NodeJS.Immediate | null = null;
  /** Telemetry messages received but not yet queued for writing (or refused). */
  private preparing = 0;
  /** Per logger, when its telemetry first named devices not (yet) announced (see unknownDeviceGraceMs). */
  private readonly unannouncedSince = new Map<number, number>();
  private readonly preparingMessages = new WeakSet<UplinkMessage>();

  constructor(private readonly deps: IngestDeps) {
    this.log = deps.log.child({ component: 'ingest' });
    this.now = deps.now ?? Date.now;
    this.metrics = new IngestMetrics(deps.metrics);
    this.metrics.trackPending(() => this.inFlight.size);
    this.sql = sqlRunner(deps.database, deps.applicationName);
    this.directory = new IngestDirectory(this.sql, this.now);
    const maxDelayMs = deps.batch?.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    this.deadLetters = new DeadLetterWriter(this.sql, { metrics: this.metrics, log: this.log, maxDelayMs });
    this.seen = new GatewaySeen(this.sql, this.log, this.now);
    const writer = new TelemetryWriter(this.sql, {
      now: this.now,
      metrics: this.metrics,
      log: this.log,
      ...(deps.faults ? { faults: deps.faults } : {}),
    });
    this.encoder = writer.encoder();
    this.telemetry = new Batcher<PreparedTelemetry>({
      name: 'telemetry',
      maxWeight: deps.batch?.maxReadings ?? DEFAULT_MAX_READINGS,
      maxDelayMs,
      // One writer at a time: concurrent batches of the same loggers would only wait on each other's
      // row locks (and could deadlock on them); the next batch fills while this one commits.
      concurrency: deps.batch?.concurrency ?? 1,
      write: async (items) => {
        this.outcomes.set(items, await writer.write(items));
      },
      onPoison: async (item, err) => {
        this.poisoned.add(item);
        await this.deadLetter(item.envelope, {
          ok: false,
          reason: 'store-error',
          detail: `the database refused the message: ${errorText(err)}`,
        });
      },
      idle: () => this.preparing === 0,
      afterCommit: (items) => {
        const outcome = this.outcomes.get(items);
        this.metrics.readingsCounted('stored', outcome?.inserted ?? 0);
        this.metrics.readingsCounted('duplicate', outcome?.duplicates ?? 0);
        this.metrics.readingsCounted(
          'skipped',
          items.reduce((n, i) => n + i.skipped, 0),
        );
        if ((outcome?.inserted ?? 0) > 0) this.deps.hooks.onCommitted();
      },
      log: this.log,
    });
    this.handle = (message) => {
      if (message.topic.endsWith('/telemetry')) {
        this.preparing += 1;
        this.preparingMessages.add(message);
      }
      const work = new Promise<void>((resolve, reject) => {
        this.arrivals.push({ message, resolve, reject });
      });
      this.draining ??= setImmediate(this.drainArrivals);
      const leave = (): void => this.leave(message);
      void work.then(leave, leave);
      this.inFlight.add(work);
      void work.then(
        () => this.inFlight.delete(work),
        () => this.inFlight.delete(work),
      );
      return work;
    };
  }

  /**
   * Hands the messages that arrived to `receive`, in arrival order, for about DISPATCH_SLICE_MS at a time,
   * then lets the event loop handle I/O before going on. A wave of messages (every logger's next ones,
   * released by a commit) takes milliseconds of parsing, validating and encoding; taken in one go it
   * would hold back the database's answers to the batch being written, and the database would sit idle
   * while the next batch is prepared instead of working at the same time.
   */
  private readonly drainArrivals = (): void => {
    this.draining = null;
    const until = performance.now() + DISPATCH_SLICE_MS;
    let taken = 0;
    for (const { message, resolve, reject } of this.arrivals) {
      taken += 1;
      this.receive(message).then(resolve, reject);
      if (performance.now() >= until) break;
    }
    this.arrivals.splice(0, taken);
    if (this.arrivals.length > 0) this.draining = setImmediate(this.drainArrivals);
  };

  /** A telemetry message is queued or refused: when nothing else is being prepared, write now. */
  private leave(message: UplinkMessage): void {
    if (!this.preparingMessages.delete(message)) return;
    this.preparing -= 1;
    if (this.preparing === 0) this.telemetry.kickIfIdle();
  }

  /** Waits for the messages being handled and writes everything queued. */
  async close(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.telemetry.drain();
    await this.deadLetters.drain();
    await this.seen.close();
  }

  private receive(message: UplinkMessage): Promise<void> {
    try {
      return this.dispatch(message);
    } catch (err) {
      // Never a synchronous throw into the broker's callback: an unforeseen bug becomes a dead letter.
      this.log.error({ err, sn: message.sn }, 'uplink could not be handled');
      return this.refuse(message, 'unknown', { ok: false, reason: 'store-error', detail: errorText(err) });
    }
  }

  private dispatch(message: UplinkMessage): Promise<void> {
    // Everything up to the hello bookkeeping is synchronous, so messages of one logger that arrive
    // together keep their order relative to its hello.
    const kind = this.validator.kindOf(message.topic);
    if (!kind.ok) return this.refuse(message, 'unknown', kind);
    const parsed = this.validator.validate(kind.value, message.payload);
    const previousHello = this.hellos.get(message.sn);
    if (parsed.ok && parsed.value.kind === 'hello') {
      const work = (previousHello ?? Promise.resolve()).then(() => this.process(message, parsed.value));
      const settled = work.catch(() => undefined);
      this.hellos.set(message.sn, settled);
      void settled.then(() => {
        if (this.hellos.get(message.sn) === settled) this.hellos.delete(message.sn);
      });
      return work;
    }
    if (!parsed.ok) return this.refuse(message, kind.value, parsed);
    const uplink = parsed.value;
    return previousHello === undefined
      ? this.process(message, uplink)
      : previousHello.then(() => this.process(message, uplink));
  }

  private async process(message: UplinkMessage, uplink: Uplink): Promise<void> {
    const kind = uplink.kind;
    try {
      const gateway = await this.directory.gateway(message.sn);
      if (gateway === null) {
        return await this.deadLetter(
          message,
          {
            ok: false,
            reason: 'unknown-logger',
            detail: `no logger is registered with SN ${message.sn}`,
          },
          kind,
        );
      }
      // Stored telemetry marks the logger seen in its own transaction; anything else does it here.
      if (kind !== 'telemetry') this.seen.touch(gateway.id);
      const outcome = await this.store(message, gateway, uplink);
      if (kind === 'telemetry' && outcome !== 'stored') this.seen.touch(gateway.id);
      if (outcome === 'stored') this.count(kind, 'stored');
      else if (outcome === 'set-aside') this.count(kind, 'dead');
      else await this.deadLetter(message, outcome, kind);
    } catch (err) {
      if (isTransient(err)) {
        this.count(kind, 'retry');
        throw err;
      }
      // A bug or a refusal by the database we did not foresee: kept for operators, never a crash loop.
      this.log.error({ err, sn: message.sn, kind }, 'uplink could not be stored');
      await this.deadLetter(message, { ok: false, reason: 'store-error', detail: errorText(err) }, kind);
    }
  }

  /**
   * Stores the message. Answers the refusal when it must become a dead letter instead, or 'set-aside'
   * when the telemetry writer already made it one (the database refused it alone).
   */
  private async store(
    message: UplinkMessage,
    gateway: GatewayRef,
    uplink: Uplink,
  ): Promise<'stored' | 'set-aside' | Refusal> {
    const nowMs = this.now();
    switch (uplink.kind) {
      case 'telemetry': {
        const envelope: Envelope = { sn: message.sn, topic: message.topic, payload: message.payload };
        const prepared = await prepareTelemetry(uplink.message, gateway, envelope, {
          directory: this.directory,
          definitions: this.deps.definitions,
          encoder: this.encoder,
          nowMs,
        });
        if (!prepared.ok) {
          if (prepared.reason === 'unknown-device') this.awaitHello(gateway, prepared.detail, nowMs);
          return prepared;
        }
        this.unannouncedSince.delete(gateway.id);
        const queued = this.telemetry.add(prepared.value, Math.max(1, prepared.value.rows.length));
        this.leave(message);
        await queued;
        return this.poisoned.has(prepared.value) ? 'set-aside' : 'stored';
      }
      case 'hello': {
        const verdict = await storeHello(this.sql, this.deps.definitions, gateway, uplink.message, nowMs);
        this.directory.forgetDevices(gateway.id);
        return verdict.ok ? 'stored' : verdict;
      }
      case 'alarm': {
        const verdict = await storeAlarms(this.sql, this.directory, gateway, uplink.message, nowMs);
        return verdict.ok ? 'stored' : verdict;
      }
      case 'recording': {
        const verdict = await storeRecording(this.sql, this.directory, gateway, uplink.message, nowMs);
        return verdict.ok ? 'stored' : verdict;
      }
      case 'cmd/res':
        return this.hook(() => this.deps.hooks.commandResult(gateway.id, uplink.message));
      case 'firmware':
        return this.hook(() => this.deps.hooks.firmwareProgress(gateway.id, uplink.message));
    }
  }

  /**
   * Telemetry naming devices no hello announced: while the grace lasts, a hello may still be on its way
   * through another ingest copy, so the message is refused for now (transient: not acknowledged, the
   * broker delivers it again) and the logger's device list is read afresh next time. After the grace it
   * becomes a dead letter; a logger quiet about it for another grace starts a new one.
   */
  private awaitHello(gateway: GatewayRef, detail: string, nowMs: number): void {
    const grace = this.deps.unknownDeviceGraceMs ?? 0;
    if (grace <= 0) return;
    let since = this.unannouncedSince.get(gateway.id);
    if (since === undefined || nowMs - since > 2 * grace) {
      since = nowMs;
      this.unannouncedSince.set(gateway.id, since);
    }
    if (nowMs - since >= grace) return;
    this.directory.forgetDevices(gateway.id);
    throw new TransientError(`waiting for a hello of ${gateway.sn}: ${detail}`);
  }

  private async hook(call: () => Promise<void>): Promise<'stored' | Refusal> {
    try {
      await call();
      return 'stored';
    } catch (err) {
      if (isTransient(err)) throw err;
      return { ok: false, reason: 'store-error', detail: errorText(err) };
    }
  }

  /** A refusal found before the logger was looked up (topic, size, JSON, schema). */
  private async refuse(
    message: UplinkMessage,
    kind: UplinkKind | 'unknown',
    refusal: Refusal,
  ): Promise<void> {
    try {
      const gateway = await this.directory.gateway(message.sn);
      if (gateway !== null) this.seen.touch(gateway.id);
      await this.deadLetter(message, refusal, kind);
    } catch (err) {
      if (isTransient(err)) this.count(kind, 'retry');
      throw err;
    }
  }

  /** Stores a dead letter; `kind` counts the message (the telemetry writer's poison is counted by its handler). */
  private async deadLetter(
    envelope: Envelope,
    refusal: Refusal,
    kind?: UplinkKind | 'unknown',
  ): Promise<void> {
    await this.deadLetters.add({
      gatewaySn: envelope.sn || null,
      topic: envelope.topic,
      reason: refusal.reason,
      detail: refusal.detail,
      payload: envelope.payload,
    });
    if (kind !== undefined) this.count(kind, 'dead');
  }

  private count(kind: UplinkKind | 'unknown', result: MessageResult): void {
    this.metrics.message(kind, result);
  }
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}
