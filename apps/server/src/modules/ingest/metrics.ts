// Prometheus metrics of the ingest. They live on the registry the caller passes (the API's /metrics
// registry when the process runs both), or on a registry of their own that the service exposes.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeadLetterReason } from './reasons.js';

export type MessageResult = 'stored' | 'dead' | 'retry';
export type ReadingResult = 'stored' | 'duplicate' | 'skipped';

export class IngestMetrics {
  readonly registry: Registry;
  private readonly messages: Counter<'kind' | 'result'>;
  private readonly readings: Counter<'result'>;
  private readonly deadLetters: Counter<'reason'>;
  private readonly batchReadings: Histogram;
  private readonly commitSeconds: Histogram;

  constructor(registry?: Registry) {
    this.registry = registry ?? new Registry();
    const registers = [this.registry];
    this.messages = new Counter({
      name: 'sunfleet_ingest_messages_total',
      help: 'Uplink messages handled, by kind and result (stored, dead = dead letter, retry = redelivery asked)',
      labelNames: ['kind', 'result'] as const,
      registers,
    });
    this.readings = new Counter({
      name: 'sunfleet_ingest_readings_total',
      help: 'Telemetry readings: stored, duplicate (already stored) or skipped (the logger’s own measures)',
      labelNames: ['result'] as const,
      registers,
    });
    this.deadLetters = new Counter({
      name: 'sunfleet_ingest_dead_letters_total',
      help: 'Messages kept as dead letters, by reason',
      labelNames: ['reason'] as const,
      registers,
    });
    this.batchReadings = new Histogram({
      name: 'sunfleet_ingest_batch_readings',
      help: 'Readings written per telemetry transaction',
      buckets: [1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10000],
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'sunfleet_ingest_commit_seconds',
      help: 'Duration of one telemetry transaction (partitions, copy, insert, latest values, commit)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
  }

  message(kind: string, result: MessageResult): void {
    this.messages.inc({ kind, result });
  }

  readingsCounted(result: ReadingResult, n: number): void {
    if (n > 0) this.readings.inc({ result }, n);
  }

  /**
   * The ingest's queue at every scrape: messages received and not yet stored or refused (their PUBACK
   * is still owed). `count` is asked only when /metrics is read.
   */
  trackPending(count: () => number): void {
    new Gauge({
      name: 'sunfleet_ingest_pending_messages',
      help: 'Uplink messages received and not yet stored or refused (their PUBACK is still owed)',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }

  deadLetter(reason: DeadLetterReason): void {
    this.deadLetters.inc({ reason });
  }

  batch(readings: number, seconds: number): void {
    this.batchReadings.observe(readings);
    this.commitSeconds.observe(seconds);
  }
}
