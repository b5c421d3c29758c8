import {
  TelemetryColumns,
  TelemetryLimits,
  type DeviceHistory,
  type DeviceHistoryQuery,
  type DeviceLatest,
  type DeviceRollup,
  type PacketLoss,
  type PacketLossQuery,
  type RollupQuery,
  type StationRollup,
  type StationStatusSummary,
  type TelemetryColumn,
} from '@sunfleet/contracts';
import { deviceRest, deviceStatus, gatewayStatus, stationStatus } from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import { gateways } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { gatewayInScope, idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';
import { PacketLossRepository } from './packet-loss.repository.js';
import { checkHistoryRange, checkLossRange, checkRollupRange } from './ranges.js';
import { StatusRepository } from './status.repository.js';
import { TelemetryRepository, type DeviceRef, type StationRef } from './telemetry.repository.js';

export class TelemetryService {
  private readonly repo: TelemetryRepository;
  private readonly status: StatusRepository;
  private readonly loss: PacketLossRepository;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new TelemetryRepository(db);
    this.status = new StatusRepository(db);
    this.loss = new PacketLossRepository(db);
  }

  async latest(scope: Scope, deviceId: number): Promise<DeviceLatest> {
    const device = await this.device(scope, deviceId);
    const [latest, facts] = await Promise.all([
      this.repo.latest(device.id),
      this.status.deviceFacts(device.id),
    ]);
    if (!facts) throw Errors.notFound();
    const now = this.clock.now().getTime();
    return {
      deviceId: device.id,
      ts: latest?.ts ?? null,
      values: latest?.values ?? {},
      status: deviceStatus(facts, now),
      rest: deviceRest(facts, now),
    };
  }

  async history(scope: Scope, deviceId: number, query: DeviceHistoryQuery): Promise<DeviceHistory> {
    checkHistoryRange(query.from, query.to);
    const device = await this.device(scope, deviceId);
    const wanted = query.columns === undefined ? TelemetryColumns : query.columns.split(',');
    const columns = [...new Set(wanted)] as TelemetryColumn[];
    const max = TelemetryLimits.historyRowsMax;
    const rows = await this.repo.history(device.id, query.from, query.to, columns, max + 1);
    return {
      deviceId: device.id,
      from: query.from,
      to: query.to,
      columns,
      rows: rows.slice(0, max),
      truncated: rows.length > max,
    };
  }

  async deviceRollup(scope: Scope, deviceId: number, query: RollupQuery): Promise<DeviceRollup> {
    checkRollupRange(query.period, query.from, query.to);
    const device = await this.device(scope, deviceId);
    return {
      deviceId: device.id,
      period: query.period,
      timeZone: device.timeZone,
      rows: await this.repo.deviceRollup(device, query.period, query.from, query.to),
    };
  }

  async stationRollup(scope: Scope, stationId: number, query: RollupQuery): Promise<StationRollup> {
    checkRollupRange(query.period, query.from, query.to);
    const station = await this.station(scope, stationId);
    return {
      stationId: station.id,
      period: query.period,
      timeZone: station.timeZone,
      currency: station.currency,
      rows: await this.repo.stationRollup(station, query.period, query.from, query.to),
    };
  }

  async stationStatus(scope: Scope, stationId: number): Promise<StationStatusSummary> {
    const station = await this.station(scope, stationId);
    const now = this.clock.now().getTime();
    const [gatewayFacts, deviceFacts] = await Promise.all([
      this.status.stationGateways(station.id),
      this.status.stationDevices(station.id),
    ]);
    const gatewayStates = gatewayFacts.map((g) => gatewayStatus(g, now));
    const deviceStates = deviceFacts.map((d) => deviceStatus(d, now));
    const count = <T extends string>(list: readonly T[], value: T): number =>
      list.filter((s) => s === value).length;
    return {
      stationId: station.id,
      status: stationStatus(gatewayStates, deviceStates),
      gateways: {
        normal: count(gatewayStates, 'NORMAL'),
        fault: count(gatewayStates, 'FAULT'),
        offline: count(gatewayStates, 'OFFLINE'),
        other: count(gatewayStates, 'OTHER'),
      },
      devices: {
        running: count(deviceStates, 'RUNNING'),
        fault: count(deviceStates, 'FAULT'),
        offline: count(deviceStates, 'OFFLINE'),
        other: count(deviceStates, 'OTHER'),
      },
    };
  }

  async packetLoss(scope: Scope, query: PacketLossQuery): Promise<PacketLoss> {
    const range = checkLossRange(query.startDate, query.endDate);
    const found = await this.db
      .select({ id: gateways.id })
      .from(gateways)
      .where(idInScope(gateways.id, query.gatewayId, gatewayInScope(scope)));
    if (found.length === 0) throw Errors.notFound();
    const days = await this.loss.days(query.gatewayId, range.from, range.to);
    const sum = (pick: (d: (typeof days)[number]) => number): number => days.reduce((s, d) => s + pick(d), 0);
    const expected = sum((d) => d.expected);
    const lost = sum((d) => d.lost);
    return {
      gatewayId: query.gatewayId,
      days,
      total: {
        received: sum((d) => d.received),
        expected,
        lost,
        duplicates: sum((d) => d.duplicates),
        lossRate: expected === 0 ? 0 : lost / expected,
      },
    };
  }

  private async device(scope: Scope, id: number): Promise<DeviceRef> {
    const device = await this.repo.device(scope, id);
    if (!device) throw Errors.notFound();
    return device;
  }

  private async station(scope: Scope, id: number): Promise<StationRef> {
    const station = await this.repo.station(scope, id);
    if (!station) throw Errors.notFound();
    return station;
  }
}
