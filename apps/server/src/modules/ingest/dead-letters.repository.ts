// Dead letters: messages that were acknowledged but not stored, with the reason, for operators. Written
// in batches like telemetry (a flood of garbage must not cost one transaction per message), and always
// acknowledged once written, since sending the same bytes again could not help.
import { createHash } from 'node:crypto';
import { ProtocolLimits } from '@sunfleet/contracts';
import type { Logger } from 'pino';
import { Batcher } from './batcher.js';
import type { IngestMetrics } from './metrics.js';
import type { DeadLetterReason } from './reasons.js';
import type { SqlRunner } from './sql.js';

export interface DeadLetter {
  gatewaySn: string | null;
  topic: string;
  reason: DeadLetterReason;
  detail: string;
  payload: Buffer;
}

interface DeadLetterRow {
  gateway_sn: string | null;
  topic: string;
  reason: string;
  detail: string;
  size: number;
  sha256: string;
  payload_b64: string;
  truncated: boolean;
}

const INSERT = `
INSERT INTO ingest_dead_letters (gateway_sn, topic, reason, detail, size, sha256, payload_b64, truncated)
SELECT gateway_sn, topic, reason, detail, size, sha256, payload_b64, truncated
FROM json_to_recordset($1::json) AS x(gateway_sn text, topic text, reason text, detail text, size int,
  sha256 text, payload_b64 text, truncated boolean)`;

/**
 * Text columns hold neither NUL nor lone surrogates; a topic or detail quoting hostile input must still
 * be storable.
 */
const clean = (text: string, max: number): string =>
  text
    .slice(0, max)
    .split('\u0000')
    .join('\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

export function toRow(letter: DeadLetter): DeadLetterRow {
  const keep = letter.payload.subarray(0, ProtocolLimits.deadLetterKeepBytes);
  return {
    gateway_sn: letter.gatewaySn === null ? null : clean(letter.gatewaySn, 64),
    topic: clean(letter.topic, 512),
    reason: letter.reason,
    detail: clean(letter.detail, 2_000),
    size: letter.payload.length,
    sha256: createHash('sha256').update(letter.payload).digest('hex'),
    payload_b64: keep.toString('base64'),
    truncated: keep.length < letter.payload.length,
  };
}

export class DeadLetterWriter {
  private readonly batcher: Batcher<DeadLetterRow>;

  constructor(
    sql: SqlRunner,
    private readonly opts: { metrics: IngestMetrics; log: Logger; maxDelayMs: number },
  ) {
    this.batcher = new Batcher<DeadLetterRow>({
      name: 'dead-letters',
      // Weight = kept bytes: one statement stays a few MB however large the letters are.
      maxWeight: 4 * 1024 * 1024,
      maxDelayMs: opts.maxDelayMs,
      concurrency: 1,
      write: async (rows) => {
        await sql.query(INSERT, [JSON.stringify(rows)]);
      },
      // Nothing in a dead letter can violate a constraint; if the database still refuses one, retrying
      // the same bytes forever would block the logger, so it is logged and acknowledged.
      onPoison: async (row, err) => {
        opts.log.error({ err, reason: row.reason, topic: row.topic }, 'dead letter could not be stored');
      },
      log: opts.log,
    });
  }

  /** Resolves once stored; rejects (redelivery) when the database is unavailable. */
  async add(letter: DeadLetter): Promise<void> {
    const row = toRow(letter);
    await this.batcher.add(row, row.payload_b64.length + row.detail.length + 200);
    this.opts.metrics.deadLetter(letter.reason);
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }
}
