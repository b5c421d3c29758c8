// What the ingest needs to know about loggers and devices, cached: every message names its logger and
// most name devices, and asking the database each time would cost more than storing the readings.
// Entries expire after a minute (an operator may move or delete devices through the API); a miss is
// re-checked against the database before a message is refused, so a fresh registration is never missed.
import type { DeviceType } from '@sunfleet/contracts';
import type { SqlRunner } from './sql.js';
import { refuse, type Verdict } from './reasons.js';

export interface GatewayRef {
  id: number;
  sn: string;
}

export interface DeviceRef {
  id: number;
  sn: string;
  gatewayId: number;
  modelId: number | null;
  deviceType: DeviceType;
}

const TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
/** A gateway's device list is reloaded on a miss at most this often (hostile traffic stays cheap). */
const RELOAD_AFTER_MS = 1_000;

interface DeviceList {
  loadedAt: number;
  bySn: Map<string, DeviceRef>;
}

export class IngestDirectory {
  private readonly gateways = new Map<string, { at: number; ref: GatewayRef | null }>();
  private readonly deviceLists = new Map<number, DeviceList>();
  private readonly loading = new Map<number, Promise<DeviceList>>();
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly sql: SqlRunner,
    private readonly now: () => number,
  ) {}

  async gateway(sn: string): Promise<GatewayRef | null> {
    const cached = this.gateways.get(sn);
    const now = this.now();
    if (cached && now - cached.at < (cached.ref === null ? UNKNOWN_TTL_MS : TTL_MS)) return cached.ref;
    const rows = await this.sql.query<{ id: number }>('SELECT id FROM gateways WHERE sn = $1', [sn]);
    const ref = rows[0] ? { id: rows[0].id, sn } : null;
    this.gateways.set(sn, { at: now, ref });
    return ref;
  }

  /**
   * The devices of `sns` behind this logger, or the refusal: `unknown-device` for an SN registered
   * nowhere, `foreign-device` for one registered behind another logger. The logger's own SN is not
   * looked up (callers treat it separately).
   */
  async devices(gateway: GatewayRef, sns: ReadonlySet<string>): Promise<Verdict<Map<string, DeviceRef>>> {
    let list = await this.list(gateway.id, false);
    const missing = (): string[] => [...sns].filter((sn) => sn !== gateway.sn && !list.bySn.has(sn));
    let absent = missing();
    if (absent.length > 0 && this.now() - list.loadedAt >= RELOAD_AFTER_MS) {
      list = await this.list(gateway.id, true);
      absent = missing();
    }
    if (absent.length > 0) {
      const owners = await this.sql.query<{ sn: string; gateway_id: number }>(
        'SELECT sn, gateway_id FROM devices WHERE sn IN (SELECT jsonb_array_elements_text($1::jsonb))',
        [JSON.stringify(absent.slice(0, 100))],
      );
      const foreign = owners.filter((o) => o.gateway_id !== gateway.id).map((o) => o.sn);
      if (foreign.length > 0) {
        return refuse('foreign-device', `registered behind another logger: ${quoteList(foreign)}`);
      }
      return refuse('unknown-device', `not announced in a hello of this logger: ${quoteList(absent)}`);
    }
    return { ok: true, value: list.bySn };
  }

  /**
   * After a hello committed: the logger's device list is read again on next use. A load that started
   * before the hello committed may miss its devices, so it is neither reused nor cached.
   */
  forgetDevices(gatewayId: number): void {
    this.generations.set(gatewayId, (this.generations.get(gatewayId) ?? 0) + 1);
    this.deviceLists.delete(gatewayId);
    this.loading.delete(gatewayId);
  }

  private async list(gatewayId: number, force: boolean): Promise<DeviceList> {
    const cached = this.deviceLists.get(gatewayId);
    if (!force && cached && this.now() - cached.loadedAt < TTL_MS) return cached;
    let pending = this.loading.get(gatewayId);
    if (!pending) {
      const loadedAt = this.now();
      const generation = this.generations.get(gatewayId) ?? 0;
      const load: Promise<DeviceList> = this.sql
        .query<{ id: number; sn: string; model_id: number | null; device_type: DeviceType }>(
          'SELECT id, sn, model_id, device_type FROM devices WHERE gateway_id = $1',
          [gatewayId],
        )
        .then((rows) => {
          const bySn = new Map(
            rows.map((r) => [
              r.sn,
              { id: r.id, sn: r.sn, gatewayId, modelId: r.model_id, deviceType: r.device_type },
            ]),
          );
          const list = { loadedAt, bySn };
          if ((this.generations.get(gatewayId) ?? 0) === generation) this.deviceLists.set(gatewayId, list);
          return list;
        })
        .finally(() => {
          if (this.loading.get(gatewayId) === load) this.loading.delete(gatewayId);
        });
      this.loading.set(gatewayId, load);
      pending = load;
    }
    return pending;
  }
}

function quoteList(sns: readonly string[]): string {
  const shown = sns.slice(0, 5).join(', ');
  return sns.length > 5 ? `${shown} (+${sns.length - 5} more)` : shown;
}
