// gateways.last_seen_at for messages that are not telemetry (telemetry batches set it themselves). A
// logger sending alarms, command results or even garbage is alive; writing that at most once per second
// per logger keeps a chatty logger from costing a write per message.
import type { Logger } from 'pino';
import type { SqlRunner } from './sql.js';

const FLUSH_EVERY_MS = 1_000;

const UPDATE = `
UPDATE gateways AS g SET last_seen_at = GREATEST(g.last_seen_at, x.seen)
FROM json_to_recordset($1::json) AS x(id int, seen timestamptz)
WHERE g.id = x.id`;

export class GatewaySeen {
  private pending = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly sql: SqlRunner,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  touch(gatewayId: number): void {
    this.pending.set(gatewayId, this.now());
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch]
      .sort(([a], [b]) => a - b)
      .map(([id, ms]) => ({ id, seen: new Date(ms).toISOString() }));
    try {
      await this.sql.query(UPDATE, [JSON.stringify(rows)]);
    } catch (err) {
      // Liveness only: try again with the next round rather than fail anything.
      this.log.warn({ err }, 'could not record loggers as seen');
      for (const [id, ms] of batch) if (!this.pending.has(id)) this.pending.set(id, ms);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
