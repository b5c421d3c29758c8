import {
  GatewayLimits,
  GatewayMessage,
  MAC_PATTERN,
  RuleMessage,
  loggerAcl,
  pageWindow,
  validateLoggerSn,
  type GatewayBindBody,
  type GatewayCredentials,
  type GatewayDetail,
  type GatewayListItem,
  type GatewayPageItem,
  GATEWAY_LOSS_WINDOW_HOURS,
  type GatewayQuery,
  type GatewayRegisterBody,
  type GatewayRenameBody,
} from '@sunfleet/contracts';
import { deviceRest, deviceStatus, gatewayStatus, isProducing, restOf } from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Caller } from '../organisation/access.js';
import { assertFields } from '../organisation/field-rules.js';
import { optionalKeyword, pgErrorCode, PG_UNIQUE_VIOLATION } from '../reference/sql-helpers.js';
import { RateLimitRepository, type RateLimit } from '../security/rate-limit.repository.js';
import type { Scope } from '../tenancy/scope.js';
import { generateSecret, hashSecret } from './credentials.js';
import {
  GatewaysRepository,
  type DeviceRow,
  type GatewayRow,
  type NewGateway,
} from './gateways.repository.js';
import { PacketLossRepository } from '../telemetry/packet-loss.repository.js';
import { RULE_EXPLANATION, readImportRows, rowProblemsError, type RowProblem } from './import.js';

const MAC_RE = new RegExp(MAC_PATTERN);

/** '00-1a-2b-3c-4d-5e' → '00:1A:2B:3C:4D:5E'; blank → null; malformed → undefined. */
export function normaliseMac(value: string | undefined): string | null | undefined {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  return MAC_RE.test(trimmed) ? trimmed.toUpperCase().replace(/-/g, ':') : undefined;
}

/** What a logger is configured with; the secret is in clear here and nowhere else. */
function credentials(id: number, sn: string, secret: string): GatewayCredentials {
  const acl = loggerAcl(sn);
  return {
    id,
    sn,
    username: sn,
    password: secret,
    mqtt: {
      topicPrefix: acl.publish.slice(0, -'up/#'.length),
      publish: acl.publish,
      subscribe: acl.subscribe,
    },
  };
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * Status of a device behind a logger (SPEC §4 via packages/domain), with isProducing() as the ingest
 * stored it with the newest reading (whatever the protocol calls its power register).
 */
function deviceRowStatus(
  row: DeviceRow,
  uploadIntervalS: number,
  nowMs: number,
): Pick<GatewayDetail['devices'][number], 'status' | 'rest'> {
  const producing = row.producing ?? isProducing({ deviceType: row.type, powerW: null, stateCode: null });
  const facts = {
    lastSeenMs: row.lastSeenAt?.getTime() ?? null,
    uploadIntervalS,
    openFaults: row.openFaults,
    producing,
    rest: restOf({ deviceType: row.type, producing, stateCode: row.stateCode }),
  };
  return { status: deviceStatus(facts, nowMs), rest: deviceRest(facts, nowMs) };
}

function toListItem(row: GatewayRow, nowMs: number): GatewayListItem {
  return {
    id: row.id,
    sn: row.sn,
    mac: row.mac,
    model: row.model,
    name: row.name,
    firmware: row.firmware,
    signal: row.signal,
    uploadInterval: row.uploadIntervalS,
    lastSeenAt: iso(row.lastSeenAt),
    status: gatewayStatus(
      {
        lastSeenMs: row.lastSeenAt?.getTime() ?? null,
        uploadIntervalS: row.uploadIntervalS,
        openFaults: row.openFaults,
      },
      nowMs,
    ),
    boundAt: iso(row.boundAt),
    createdAt: row.createdAt.toISOString(),
    timeZone: row.timeZone ?? 'UTC',
    stationId: row.stationId,
    stationName: row.stationName,
    deviceCount: row.deviceCount,
  };
}

export interface GatewaysServiceOptions {
  /** Drops a logger's live MQTT connection (the broker's `disconnect`); a no-op without a broker. */
  disconnect: (sn: string) => void;
  /** The server's own MQTT user name: no logger may be registered under it. */
  serverUsername: string | null;
}

export class GatewaysService {
  private readonly repo: GatewaysRepository;
  private readonly rate: RateLimitRepository;
  private readonly loss: PacketLossRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly options: GatewaysServiceOptions,
  ) {
    this.repo = new GatewaysRepository(db);
    this.rate = new RateLimitRepository(db);
    this.loss = new PacketLossRepository(db);
  }

  async register(caller: Caller, body: GatewayRegisterBody): Promise<GatewayCredentials> {
    const sn = body.sn.trim();
    const model = body.model.trim();
    const mac = normaliseMac(body.mac);
    assertFields([
      ['sn', validateLoggerSn(sn)],
      ['mac', mac === undefined ? GatewayMessage.macInvalid : null],
    ]);
    if ((await this.repo.knownGatewayModels([model])).size === 0)
      assertFields([['model', GatewayMessage.modelUnknown]]);
    if (sn === this.options.serverUsername || (await this.repo.registeredSns([sn])).size > 0)
      throw Errors.exists(GatewayMessage.snExists);
    const secret = generateSecret();
    const [id] = await this.insert([
      { sn, model, mac: mac ?? null, companyId: caller.session.companyId, secretHash: hashSecret(secret) },
    ]);
    if (id === undefined) throw new Error('logger not inserted');
    return credentials(id, sn, secret);
  }

  /** Checks a whole import file, then registers every row in one transaction, or none. */
  async import(caller: Caller, filename: string, bytes: Buffer): Promise<GatewayCredentials[]> {
    const rows = await readImportRows(filename, bytes);
    const problems: RowProblem[] = [];
    const problem = (row: number, column: RowProblem['column'], rule: string): void => {
      problems.push({ row, column, rule, message: RULE_EXPLANATION[rule] ?? rule });
    };
    const models = await this.repo.knownGatewayModels([...new Set(rows.map((r) => r.model))]);
    const wellFormed = rows.filter((r) => validateLoggerSn(r.sn) === null).map((r) => r.sn);
    const registered = await this.repo.registeredSns([...new Set(wellFormed)]);
    const seen = new Set<string>();
    const values: NewGateway[] = [];
    const secrets: string[] = [];
    for (const row of rows) {
      const snRule = validateLoggerSn(row.sn);
      if (snRule !== null) problem(row.row, 'SN', snRule);
      else if (seen.has(row.sn)) problem(row.row, 'SN', GatewayMessage.importSnDuplicate);
      else if (registered.has(row.sn) || row.sn === this.options.serverUsername)
        problem(row.row, 'SN', GatewayMessage.snExists);
      seen.add(row.sn);
      const mac = normaliseMac(row.mac);
      if (mac === undefined) problem(row.row, 'MAC', GatewayMessage.macInvalid);
      if (row.model === '') problem(row.row, 'Model', RuleMessage.cannotBeBlank);
      else if (!models.has(row.model)) problem(row.row, 'Model', GatewayMessage.modelUnknown);
      if (problems.length > 0) continue;
      const secret = generateSecret();
      secrets.push(secret);
      values.push({
        sn: row.sn,
        model: row.model,
        mac: mac ?? null,
        companyId: caller.session.companyId,
        secretHash: hashSecret(secret),
      });
    }
    if (problems.length > 0) throw rowProblemsError(problems);
    const ids = await this.insert(values);
    return values.map((value, i) => credentials(ids[i] ?? 0, value.sn, secrets[i] ?? ''));
  }

  /** A new secret for a logger in scope; the old one stops working and a live connection is dropped. */
  async rotateSecret(caller: Caller, id: number): Promise<GatewayCredentials> {
    const gateway = await this.repo.reachable(caller.scope, id);
    if (!gateway) throw Errors.notFound();
    const secret = generateSecret();
    await this.repo.replaceSecret(gateway.id, hashSecret(secret));
    this.options.disconnect(gateway.sn);
    return credentials(gateway.id, gateway.sn, secret);
  }

  /**
   * Binds a logger to a station in scope (SPEC §5). Unknown, bound and foreign SNs get one answer, and
   * failures are limited per user, so the call cannot be used to find out which SNs exist.
   */
  async bind(caller: Caller, body: GatewayBindBody): Promise<number> {
    const now = this.clock.now();
    const limit: RateLimit[] = [
      {
        key: `gateway:bind:${caller.session.userId}`,
        windowSeconds: GatewayLimits.bindWindowSeconds,
        max: GatewayLimits.bindFailuresMax,
      },
    ];
    if (await this.rate.exceeded(limit, now)) throw Errors.tooMany(GatewayMessage.tooManyBindAttempts);
    const station = await this.repo.reachableStation(caller.scope, body.stationId);
    if (!station) throw Errors.notFound();
    const sn = body.sn.trim();
    assertFields([['sn', validateLoggerSn(sn)]]);
    const id = await this.repo.bindIfFree(caller.scope, sn, station, now);
    if (id === null) {
      await this.rate.hit(limit, now);
      const rule = RuleMessage.loggerNotFoundOrBound;
      throw Errors.invalid(rule, [{ field: 'body.sn', rule, message: 'unknown, or bound to a site' }]);
    }
    return id;
  }

  async unbind(caller: Caller, gatewayId: number): Promise<void> {
    if (!(await this.repo.unbind(caller.scope, gatewayId))) throw Errors.notFound();
  }

  async rename(caller: Caller, body: GatewayRenameBody): Promise<void> {
    const name = body.name.trim();
    if (name === '' || Array.from(name).length > GatewayLimits.nameMax)
      assertFields([['name', name === '' ? RuleMessage.cannotBeBlank : GatewayMessage.nameInvalid]]);
    if (!(await this.repo.rename(caller.scope, body.gatewayId, name))) throw Errors.notFound();
  }

  /** The logger centre's page: the list items with their packet loss over the last day of data. */
  async page(scope: Scope, query: GatewayQuery): Promise<{ total: number; list: GatewayPageItem[] }> {
    const now = this.clock.now();
    const { total, rows } = await this.repo.page(
      scope,
      { sn: optionalKeyword(query.sn), stationId: query.stationId, status: query.status },
      pageWindow(query),
      now,
    );
    const from = new Date(now.getTime() - GATEWAY_LOSS_WINDOW_HOURS * 3_600_000).toISOString();
    const loss = await this.loss.rates(
      rows.map((r) => r.id),
      from,
      now.toISOString(),
    );
    return {
      total,
      list: rows.map((row) => ({ ...toListItem(row, now.getTime()), lossRate: loss.get(row.id) ?? null })),
    };
  }

  async detail(scope: Scope, id: number): Promise<GatewayDetail> {
    const found = await this.repo.detail(scope, id);
    if (!found) throw Errors.notFound();
    const nowMs = this.clock.now().getTime();
    const { stationId, stationName, deviceCount: _count, ...item } = toListItem(found.gateway, nowMs);
    const { bufferDropped, bufferDroppedAt } = found.gateway;
    return {
      ...item,
      station: stationId === null ? null : { id: stationId, name: stationName ?? '' },
      bufferDropped:
        bufferDropped === null || bufferDroppedAt === null
          ? null
          : { count: bufferDropped, at: bufferDroppedAt.toISOString() },
      devices: found.devices.map((d) => ({
        id: d.id,
        sn: d.sn,
        type: d.type,
        model: d.model,
        unitId: d.unitId,
        lastSeenAt: iso(d.lastSeenAt),
        ...deviceRowStatus(d, found.gateway.uploadIntervalS, nowMs),
      })),
    };
  }

  /** Inserts; a concurrent registration of the same SN (unique index) answers like a known duplicate. */
  private async insert(rows: readonly NewGateway[]): Promise<number[]> {
    try {
      return await this.repo.insertAll(rows);
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw Errors.exists(GatewayMessage.snExists);
      throw error;
    }
  }
}
