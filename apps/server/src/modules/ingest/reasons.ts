// Why a message became a dead letter (docs/protocol.md §7). The codes are stored in
// ingest_dead_letters.reason and label the dead-letter counter; loggers and operators read them.

export const DeadLetterReasons = [
  'payload-too-large',
  'invalid-json',
  /** Topic below sf/v1/{sn}/up/ that is no message kind (only reachable through an external broker). */
  'unknown-topic',
  'schema',
  'not-finite',
  'unknown-logger',
  'timestamp-out-of-range',
  'unknown-device',
  'foreign-device',
  'no-definition',
  'decode-error',
  /** The database refused the message itself (not the connection), or a command/firmware hook failed. */
  'store-error',
] as const;
export type DeadLetterReason = (typeof DeadLetterReasons)[number];

/** A refusal: the message is acknowledged and kept as a dead letter with this reason. */
export interface Refusal {
  ok: false;
  reason: DeadLetterReason;
  detail: string;
}

export type Verdict<T> = { ok: true; value: T } | Refusal;

export const refuse = (reason: DeadLetterReason, detail: string): Refusal => ({ ok: false, reason, detail });
