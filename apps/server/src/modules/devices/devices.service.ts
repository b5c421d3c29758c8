import {
  BUILT_IN_PV_MODULES,
  checkPvModuleDatasheet,
  DEVICE_EXPORT_ROWS_MAX,
  DeviceExportLimits,
  DeviceMessage,
  MPPT_IN_USE_DAYS,
  PvStringMessage,
  type DeviceDetail,
  type PvStringsBody,
  type PvStringsView,
  type DeviceExportQuery,
  type DeviceGroup,
  type RegisterDefinition,
} from '@sunfleet/contracts';
import { columnTarget, deviceRest, deviceStatus } from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';
import { StatusRepository } from '../telemetry/status.repository.js';
import { checkHistoryRange } from '../telemetry/ranges.js';
import type { Scope } from '../tenancy/scope.js';
import { deviceWorkbook } from './device-workbook.js';
import { DevicesRepository, type DeviceRow, type MeasureSource } from './devices.repository.js';
import { PvStringsRepository } from './pv-strings.repository.js';

/** Texts of the export that come from the translation table (locales/stationDevices). */
const EXPORT_TEXT_KEYS = [
  'stationDevices.export.time',
  'stationDevices.export.sheet',
  'stationDevices.export.capped',
] as const;

/** Where a register's values are stored: its typed column, its MPPT channel, or the jsonb rest. */
function sourceOf(register: RegisterDefinition): MeasureSource {
  const target = columnTarget(register.column);
  if (target === null) return { kind: 'extra', key: register.key };
  if (target.kind === 'column') return { kind: 'column', column: target.column };
  return { kind: 'mppt', column: target.column, channel: target.channel };
}

/** MPPT channels the definition maps (the highest channel of any mppt_* column). */
function definitionChannels(registers: readonly RegisterDefinition[]): number {
  let highest = 0;
  for (const register of registers) {
    const target = columnTarget(register.column);
    if (target?.kind === 'mppt') highest = Math.max(highest, target.channel);
  }
  return highest;
}

/**
 * MPPT inputs of a device: the channels its definition maps, narrowed to the model's own count when the
 * model states one (a 2-tracker inverter served by a 15-tracker definition has 2).
 */
function mpptCountOf(row: DeviceRow): number {
  const channels = definitionChannels(row.registers ?? []);
  const stated = row.mpptChannels ?? 0;
  return stated > 0 ? Math.min(stated, channels) : channels;
}

/** The registers a device shows and exports: MPPT channels beyond its count left out. */
function measuresOf(row: DeviceRow): RegisterDefinition[] {
  const mpptCount = mpptCountOf(row);
  return (row.registers ?? []).filter((register) => {
    const target = columnTarget(register.column);
    return target?.kind !== 'mppt' || target.channel <= mpptCount;
  });
}

export class DevicesService {
  private readonly repo: DevicesRepository;
  private readonly status: StatusRepository;
  private readonly pvStringsRepo: PvStringsRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new DevicesRepository(db);
    this.status = new StatusRepository(db);
    this.pvStringsRepo = new PvStringsRepository(db);
  }

  async detail(scope: Scope, id: number): Promise<DeviceDetail> {
    const row = await this.deviceOrThrow(scope, id);
    const now = this.clock.now();
    const mpptCount = mpptCountOf(row);
    const [facts, groupRows, mpptInUse] = await Promise.all([
      this.status.deviceFacts(row.id),
      this.repo.displayGroups(),
      this.repo.mpptInUse(row.id, mpptCount, new Date(now.getTime() - MPPT_IN_USE_DAYS * 86_400_000)),
    ]);
    if (!facts) throw Errors.notFound();
    const order = new Map(groupRows.map((g, i) => [g.key, { index: i, nameKey: g.nameKey }]));
    const groups = new Map<string, DeviceGroup>();
    for (const register of measuresOf(row)) {
      let group = groups.get(register.group);
      if (!group) {
        const known = order.get(register.group);
        group = {
          key: register.group,
          nameKey: known?.nameKey ?? `displayGroup.${register.group}`,
          measures: [],
        };
        groups.set(register.group, group);
      }
      group.measures.push({
        key: register.key,
        nameKey: register.nameKey,
        unit: register.unit === '' ? null : register.unit,
        column: register.column,
        values: register.values ?? [],
      });
    }
    const rank = (key: string): number => order.get(key)?.index ?? Number.MAX_SAFE_INTEGER;
    return {
      id: row.id,
      sn: row.sn,
      name: row.name,
      deviceType: row.deviceType,
      model: row.model,
      modelId: row.modelId,
      firmware: row.firmware,
      ratedPowerKw: row.deviceType === 'INVERTER' && row.ratedPower !== null ? row.ratedPower / 1000 : null,
      capacityKwh: row.deviceType === 'BATTERY' && row.ratedPower !== null ? row.ratedPower / 1000 : null,
      status: deviceStatus(facts, now.getTime()),
      rest: deviceRest(facts, now.getTime()),
      stationId: row.stationId,
      stationName: row.stationName,
      timeZone: row.timeZone ?? 'UTC',
      gatewayId: row.gatewayId,
      gatewaySn: row.gatewaySn,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      unitId: row.unitId,
      localControl: row.localControl,
      manufacturer: row.manufacturer,
      mpptCount,
      mpptInUse,
      groups: [...groups.values()].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key)),
    };
  }

  /**
   * Raw readings of chosen measures as an XLSX file: range rules of /device/:id/history (epoch ms, at
   * most 31 days), measures checked against the device model's definition, at most
   * DEVICE_EXPORT_ROWS_MAX rows with a note row when more matched.
   */
  async export(
    scope: Scope,
    userId: number,
    id: number,
    query: DeviceExportQuery,
  ): Promise<{ bytes: Buffer; filename: string }> {
    checkHistoryRange(query.from, query.to);
    const row = await this.deviceOrThrow(scope, id);
    const available = measuresOf(row);
    const byKey = new Map(available.map((r) => [r.key, r]));
    let chosen: RegisterDefinition[];
    if (query.measures === undefined) {
      chosen = available.filter((r) => r.column !== null);
    } else {
      const keys = [...new Set(query.measures.split(','))];
      if (keys.length > DeviceExportLimits.measuresMax)
        throw invalidField(
          'querystring.measures',
          DeviceMessage.measureUnknown,
          `at most ${DeviceExportLimits.measuresMax} measures`,
        );
      const unknown = keys.filter((k) => !byKey.has(k));
      if (unknown.length > 0)
        throw invalidField(
          'querystring.measures',
          DeviceMessage.measureUnknown,
          `not a measure of this device: ${unknown.slice(0, 10).join(', ')}`,
        );
      chosen = keys.map((k) => byKey.get(k) as RegisterDefinition);
    }
    if (chosen.length === 0)
      throw invalidField(
        'querystring.measures',
        DeviceMessage.noMeasures,
        'the device model has no measures',
      );
    const max = DEVICE_EXPORT_ROWS_MAX;
    const [readings, language] = await Promise.all([
      this.repo.readings(row.id, query.from, query.to, chosen.map(sourceOf), max + 1),
      this.repo.languageOf(userId),
    ]);
    const texts = await this.repo.texts(language, [...EXPORT_TEXT_KEYS, ...chosen.map((r) => r.nameKey)]);
    const text = (key: string): string => texts.get(key) ?? key;
    const timeZone = row.timeZone ?? 'UTC';
    const capped = readings.length > max;
    const bytes = await deviceWorkbook({
      sheetName: text('stationDevices.export.sheet'),
      timeHeader: `${text('stationDevices.export.time')} (${timeZone})`,
      headers: chosen.map((r) => {
        const name = texts.get(r.nameKey) ?? r.key;
        return r.unit === '' ? name : `${name} (${r.unit})`;
      }),
      timeZone,
      rows: capped ? readings.slice(0, max) : readings,
      cappedNote: capped ? text('stationDevices.export.capped').replace('{max}', String(max)) : null,
    });
    const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
    const safeSn = row.sn.replace(/[^A-Za-z0-9_.-]/g, '_');
    return { bytes, filename: `${safeSn}-${day(query.from)}-${day(query.to)}.xlsx` };
  }

  /** The inverter's PV strings, with its MPPT count and the built-in module datasheets to choose from. */
  async pvStrings(scope: Scope, id: number): Promise<PvStringsView> {
    const row = await this.deviceOrThrow(scope, id);
    const stored = await this.pvStringsRepo.of(row.id);
    return {
      deviceId: row.id,
      mpptCount: mpptCountOf(row),
      strings: stored.strings,
      updatedAt: stored.updatedAt?.getTime() ?? null,
      builtInModules: [...BUILT_IN_PV_MODULES],
    };
  }

  /**
   * Replaces the inverter's PV strings after checking all of them (4000 naming the first string at fault,
   * nothing stored): an inverter, MPPT inputs its model has, no string twice, datasheets a real module has.
   */
  async setPvStrings(scope: Scope, id: number, body: PvStringsBody, userId: number): Promise<PvStringsView> {
    const row = await this.deviceOrThrow(scope, id);
    if (row.deviceType !== 'INVERTER')
      throw invalidField('params.id', PvStringMessage.notInverter, `${row.sn} is a ${row.deviceType}`);
    const mpptCount = mpptCountOf(row);
    const seen = new Set<string>();
    body.strings.forEach((s, i) => {
      if (s.mppt > mpptCount)
        throw invalidField(
          `body.strings[${i}].mppt`,
          PvStringMessage.mpptOutOfRange,
          `the model has ${mpptCount} MPPT input(s)`,
        );
      const key = `${s.mppt}/${s.string}`;
      if (seen.has(key))
        throw invalidField(`body.strings[${i}]`, PvStringMessage.duplicateString, `MPPT ${key} again`);
      seen.add(key);
      const problems = checkPvModuleDatasheet(s.module);
      if (problems.length > 0)
        throw invalidField(`body.strings[${i}].module`, PvStringMessage.moduleInvalid, problems.join('; '));
    });
    await this.pvStringsRepo.replace(row.id, body.strings, userId, this.clock.now());
    return this.pvStrings(scope, id);
  }

  private async deviceOrThrow(scope: Scope, id: number): Promise<DeviceRow> {
    const row = await this.repo.device(scope, id);
    if (!row) throw Errors.notFound();
    return row;
  }
}
