import {
  pageWindow,
  StationLimits,
  StationMessage,
  type GridType,
  type StationAssignBody,
  type StationCreateBody,
  type StationDetail,
  type StationFlow,
  type StationIndexStats,
  type StationListQuery,
  type StationLocation,
  type StationNameBody,
  type StationSimpleItem,
  type StationStats,
  type StationSummary,
  type StationType,
  type StationUpdateBody,
  type StationUpgradeItem,
  type StationUpgradeQuery,
} from '@sunfleet/contracts';
import { impactOf } from '@sunfleet/domain';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { filePath } from '../files/files.repository.js';
import { invalidField, optionalKeyword } from '../reference/sql-helpers.js';
import {
  batteryChargeKw,
  energyBalance,
  localDayStart,
  stationHasConsumers,
  sumKnown,
} from '@sunfleet/domain';
import { ianaTimeZone } from '../reference/time-zone-rules.js';
import { scopeIncludesCompany, type Scope } from '../tenancy/scope.js';
import { StationAnswers, type StationAnswersOptions } from './station-answers.js';
import {
  loadStationForCaller,
  StationsRepository,
  type StationRow,
  type StationValues,
} from './stations.repository.js';

/** Who calls: their scope and user id (follows are per user). */
export interface StationCaller {
  scope: Scope;
  userId: number;
}

const DEFAULT_KPI_CURRENCY = 'USD';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
const kw = (w: number | null): number | null => (w === null ? null : w / 1000);

function toSummary(r: StationRow): StationSummary {
  return {
    id: r.id,
    name: r.name,
    type: r.type as StationType,
    status: r.status,
    address: r.address,
    longitude: r.longitude,
    latitude: r.latitude,
    capacityKwp: r.capacityKwp,
    powerKw: kw(r.powerW),
    todayKwh: r.todayKwh,
    totalKwh: r.totalKwh,
    currency: r.currency,
    price: r.price,
    timeZone: r.timeZone,
    companyId: r.companyId,
    companyName: r.companyName,
    ownerUserId: r.ownerUserId,
    ownerUsername: r.ownerUsername,
    concern: r.concern,
    simulated: r.simulated,
    installedAt: iso(r.installedAt),
    createdAt: r.createdAt.toISOString(),
    gatewayCount: r.gatewayCount,
    deviceCount: r.deviceCount,
  };
}

function toDetail(r: StationRow): StationDetail {
  return {
    ...toSummary(r),
    gridType: (r.gridType as GridType | null) ?? null,
    pictures: r.pictures.map((fileId) => ({ fileId, url: filePath(fileId) })),
    monthKwh: r.monthKwh,
    yearKwh: r.yearKwh,
  };
}

/**
 * A YYYY-MM-DD is midnight of that day in the station's time zone; an ISO date-time is taken as it is.
 * Anything else answers 4000 station.installedAtInvalid.
 */
export function parseInstalledAt(value: string, timeZone: string): Date {
  const bad = () => invalidField('body.installedAt', StationMessage.installedAtInvalid, 'not a date');
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) {
    const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const utc = new Date(Date.UTC(y, m - 1, d));
    if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) throw bad();
    return new Date(localDayStart(value, timeZone));
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) throw bad();
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw bad();
  return parsed;
}

export class StationsService {
  private readonly repo: StationsRepository;
  /** List pages and Home answers, kept a few seconds (station-answers.ts). */
  private readonly pages: StationAnswers<{ total: number; list: StationSummary[] }>;
  private readonly home: StationAnswers<StationIndexStats>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    answers?: StationAnswersOptions,
  ) {
    this.repo = new StationsRepository(db);
    this.pages = new StationAnswers(answers, clock);
    this.home = new StationAnswers(answers, clock);
  }

  async list(caller: StationCaller, q: StationListQuery): Promise<{ total: number; list: StationSummary[] }> {
    const filter = {
      name: optionalKeyword(q.name),
      type: q.type ?? null,
      status: q.status ?? null,
      concern: q.concern ?? null,
      companyId: q.companyId ?? null,
    };
    const window = pageWindow(q);
    const read = async (): Promise<{ total: number; list: StationSummary[] }> => {
      const { total, rows } = await this.repo.page(
        caller.scope,
        caller.userId,
        filter,
        window,
        this.clock.now(),
      );
      return { total, list: rows.map(toSummary) };
    };
    return this.pages.load(caller.scope, JSON.stringify([filter, window]), read);
  }

  simpleList(caller: StationCaller, name: string | undefined): Promise<StationSimpleItem[]> {
    return this.repo.simpleList(caller.scope, optionalKeyword(name), StationLimits.simpleListMax);
  }

  async upgradeList(
    caller: StationCaller,
    q: StationUpgradeQuery,
  ): Promise<{ total: number; list: StationUpgradeItem[] }> {
    const { total, rows } = await this.repo.upgradePage(caller.scope, optionalKeyword(q.name), pageWindow(q));
    return { total, list: rows.map((r) => ({ ...r, type: r.type as StationType })) };
  }

  async detail(caller: StationCaller, id: number): Promise<StationDetail> {
    const row = await this.repo.detail(caller.scope, caller.userId, id, this.clock.now());
    if (!row) throw Errors.notFound();
    return toDetail(row);
  }

  async locations(caller: StationCaller): Promise<StationLocation[]> {
    const rows = await this.repo.locations(caller.scope, this.clock.now());
    return rows.map((r) => ({ ...r, type: r.type as StationType }));
  }

  async indexStats(caller: StationCaller, currencyAsked: string | undefined): Promise<StationIndexStats> {
    const asked = currencyAsked?.trim().toUpperCase() ?? '';
    return this.home.load(caller.scope, asked, () => this.readIndexStats(caller, asked));
  }

  private async readIndexStats(caller: StationCaller, asked: string): Promise<StationIndexStats> {
    const currency =
      asked !== ''
        ? asked
        : ((await this.repo.defaultKpiCurrency(caller.scope, caller.userId)) ?? DEFAULT_KPI_CURRENCY);
    if (!(await this.repo.currencyExists(currency)))
      throw invalidField('querystring.currency', StationMessage.currencyUnknown, 'unknown currency');
    const k = await this.repo.fleetKpis(caller.scope, currency, this.clock.now());
    const total = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);
    return {
      currency,
      powerKw: k.powerW / 1000,
      todayKwh: k.todayKwh ?? 0,
      monthKwh: k.monthKwh ?? 0,
      yearKwh: k.yearKwh ?? 0,
      totalKwh: k.totalKwh ?? 0,
      income: {
        today: k.todayIncome ?? 0,
        month: k.monthIncome ?? 0,
        year: k.yearIncome ?? 0,
        total: k.totalIncome ?? 0,
      },
      capacityKwp: k.capacityKwp,
      stationStatus: {
        online: k.stations.ONLINE,
        abnormal: k.stations.ABNORMAL,
        offline: k.stations.OFFLINE,
        other: k.stations.OTHER,
        total: total(k.stations),
      },
      deviceStatus: {
        running: k.devices.RUNNING,
        fault: k.devices.FAULT,
        offline: k.devices.OFFLINE,
        other: k.devices.OTHER,
        resting: k.devicesResting,
        total: total(k.devices),
      },
      impact: impactOf(k.totalKwh ?? 0),
    };
  }

  async stats(caller: StationCaller, stationId: number): Promise<StationStats> {
    const now = this.clock.now();
    const station = await loadStationForCaller(this.db, caller.scope, stationId);
    if (!station) throw Errors.notFound();
    const [energy, devices] = await Promise.all([
      this.repo.stationEnergy(caller.scope, stationId, station.currency, now),
      this.repo.flowDevices(stationId, now),
    ]);
    const flow = flowOf(devices, { consumers: stationHasConsumers(station.type) });
    return {
      stationId,
      powerKw: flow.pvKw,
      todayKwh: energy.todayKwh,
      monthKwh: energy.monthKwh,
      yearKwh: energy.yearKwh,
      totalKwh: energy.totalKwh,
      todayIncome: energy.todayIncome,
      totalIncome: energy.totalIncome,
      currency: station.currency,
      capacityKwp: station.capacityKwp,
      fullLoadHoursToday:
        energy.todayKwh === null || station.capacityKwp <= 0 ? null : energy.todayKwh / station.capacityKwp,
      impact: impactOf(energy.totalKwh ?? 0),
      flow: flow.flow,
      updatedAt: flow.updatedAt,
    };
  }

  // ---- Writes --------------------------------------------------------------------------------------------

  async create(caller: StationCaller, body: StationCreateBody): Promise<{ id: number }> {
    const companyId = await this.companyFor(caller, body.companyId, null);
    const ownerUserId = await this.ownerFor(caller, body.ownerUserId, null);
    const values = await this.validate(caller, body, { companyId, ownerUserId, pictures: [] });
    return { id: await this.repo.insert(values, this.clock.now()) };
  }

  async update(caller: StationCaller, body: StationUpdateBody): Promise<void> {
    const current = await this.repo.current(caller.scope, body.id);
    if (!current) throw Errors.notFound();
    const companyId = await this.companyFor(caller, body.companyId, current.companyId);
    const ownerUserId = await this.ownerFor(caller, body.ownerUserId, current);
    const values = await this.validate(caller, body, { companyId, ownerUserId, pictures: current.pictures });
    const dropped = current.pictures.filter((fileId) => !values.pictures.includes(fileId));
    await this.repo.update(body.id, values, dropped, this.clock.now());
  }

  async rename(caller: StationCaller, body: StationNameBody): Promise<void> {
    const current = await this.repo.current(caller.scope, body.id);
    if (!current) throw Errors.notFound();
    await this.repo.rename(body.id, checkName(body.name), this.clock.now());
  }

  async delete(caller: StationCaller, id: number): Promise<void> {
    const current = await this.repo.current(caller.scope, id);
    if (!current) throw Errors.notFound();
    await this.repo.delete(id);
  }

  async assign(caller: StationCaller, body: StationAssignBody): Promise<void> {
    const ids = [...new Set(body.stationIds)];
    const reachable = await this.repo.reachableIds(caller.scope, ids);
    if (reachable.length !== ids.length) throw Errors.notFound();
    const change: { companyId?: number; ownerUserId?: number | null } = {};
    if (body.companyId !== undefined) change.companyId = await this.companyFor(caller, body.companyId, null);
    if (body.ownerUserId !== undefined)
      change.ownerUserId = await this.ownerFor(caller, body.ownerUserId, null);
    if (Object.keys(change).length === 0)
      throw invalidField('body', StationMessage.assignNothing, 'give companyId and/or ownerUserId');
    await this.repo.assign(ids, change, this.clock.now());
  }

  async concern(caller: StationCaller, id: number, follow: boolean): Promise<void> {
    const current = await this.repo.current(caller.scope, id);
    if (!current) throw Errors.notFound();
    if (follow) await this.repo.follow(caller.userId, id, this.clock.now());
    else await this.repo.unfollow(caller.userId, id);
  }

  async storePhoto(
    caller: StationCaller,
    image: { id: string; mime: string; bytes: Buffer },
  ): Promise<{ fileId: string; url: string }> {
    await this.repo.insertPicture({
      ...image,
      ownerUserId: caller.userId,
      companyId: caller.scope.companyId,
    });
    return { fileId: image.id, url: filePath(image.id) };
  }

  /** The company a station goes to: a company in scope (4004 otherwise), by default the current or the caller's. */
  private async companyFor(
    caller: StationCaller,
    asked: number | undefined,
    current: number | null,
  ): Promise<number> {
    if (asked === undefined || asked === current) return current ?? caller.scope.companyId;
    if (current === null && asked === caller.scope.companyId) return asked;
    if (!scopeIncludesCompany(caller.scope, asked) || !(await this.repo.companyExists(asked)))
      throw Errors.notFound();
    return asked;
  }

  /**
   * The owner account: a user in scope (4004 otherwise) of role type USER (4000 station.ownerInvalid).
   * An owner creating a station is its owner; leaving the field out keeps the current owner.
   */
  private async ownerFor(
    caller: StationCaller,
    asked: number | null | undefined,
    current: { ownerUserId: number | null } | null,
  ): Promise<number | null> {
    if (asked === undefined)
      return current ? current.ownerUserId : caller.scope.kind === 'self' ? caller.userId : null;
    if (asked === null || asked === current?.ownerUserId) return asked;
    const user = await this.repo.reachableUser(caller.scope, asked);
    if (!user) throw Errors.notFound();
    if (user.roleType !== 'USER' || user.disabled)
      throw invalidField('body.ownerUserId', StationMessage.ownerInvalid, 'not an owner account');
    return asked;
  }

  /** Checks the rest of a station body; nothing is stored before every check passed. */
  private async validate(
    caller: StationCaller,
    body: StationCreateBody,
    known: { companyId: number; ownerUserId: number | null; pictures: readonly string[] },
  ): Promise<StationValues> {
    const name = checkName(body.name);
    const longitude = body.longitude ?? null;
    const latitude = body.latitude ?? null;
    if ((longitude === null) !== (latitude === null))
      throw invalidField(
        'body.longitude',
        StationMessage.coordinatesPair,
        'give both coordinates or neither',
      );
    const timeZone = ianaTimeZone(body.timeZone.trim());
    if (timeZone === null)
      throw invalidField('body.timeZone', StationMessage.timeZoneUnknown, 'not an IANA time zone');
    const currency = body.currency.trim().toUpperCase();
    if (!(await this.repo.currencyExists(currency)))
      throw invalidField('body.currency', StationMessage.currencyUnknown, 'unknown currency');
    const installedAt =
      body.installedAt === undefined || body.installedAt === null
        ? null
        : parseInstalledAt(body.installedAt, timeZone);
    const pictures = await this.checkPictures(caller, body.pictures ?? [...known.pictures], known.pictures);
    const address = body.address?.trim() ?? '';
    return {
      name,
      type: body.type,
      address: address === '' ? null : address,
      longitude,
      latitude,
      installedAt,
      gridType: body.gridType ?? null,
      capacityKwp: body.capacityKwp,
      price: body.price,
      currency,
      timeZone,
      pictures,
      ownerUserId: known.ownerUserId,
      companyId: known.companyId,
    };
  }

  /** Pictures the station already has, or photos uploaded by the caller or within the caller's companies. */
  private async checkPictures(
    caller: StationCaller,
    asked: readonly string[],
    kept: readonly string[],
  ): Promise<string[]> {
    const ids = [...new Set(asked)];
    const fresh = ids.filter((id) => !kept.includes(id));
    const found = await this.repo.pictureFiles(fresh);
    for (const id of fresh) {
      const file = found.find((f) => f.id === id);
      const allowed =
        file !== undefined &&
        (file.ownerUserId === caller.userId ||
          (file.companyId !== null && scopeIncludesCompany(caller.scope, file.companyId)));
      if (!allowed)
        throw invalidField('body.pictures', StationMessage.pictureInvalid, `unknown picture ${id}`);
    }
    return ids;
  }
}

function checkName(value: string): string {
  const name = value.trim();
  if (name.length < StationLimits.nameMin || name.length > StationLimits.nameMax)
    throw invalidField('body.name', StationMessage.nameInvalid, `1 to ${StationLimits.nameMax} characters`);
  return name;
}

/**
 * The energy flow now from the newest readings of devices that report (fresh): PV = inverters' output;
 * grid = meters' power (+ import / − export); battery = −(battery power) since the storage block reports
 * discharging as positive (+ charge / − discharge here); the load by the energy balance of
 * packages/domain (derived, and marked so) — or, for a plant without consumers and without a meter, the
 * grid exchange. A member is null when the station has no reporting device of that kind.
 */
export function flowOf(
  devices: readonly {
    deviceType: string;
    fresh: boolean;
    ts: number | null;
    powerW: number | null;
    socPct: number | null;
  }[],
  site: { consumers: boolean } = { consumers: true },
): {
  pvKw: number | null;
  flow: StationFlow;
  updatedAt: number | null;
} {
  const has = (type: string): boolean => devices.some((d) => d.deviceType === type);
  const used = devices.filter((d) => d.fresh && d.ts !== null);
  const sumW = (type: string): number | null =>
    sumKnown(used.filter((d) => d.deviceType === type).map((d) => d.powerW));
  const sumKw = (type: string): number | null => {
    const w = sumW(type);
    return w === null ? null : w / 1000;
  };
  const flows = energyBalance(
    { pv: sumKw('INVERTER'), grid: sumKw('METER'), battery: batteryChargeKw(sumW('BATTERY')) },
    {
      inverters: has('INVERTER'),
      meters: has('METER'),
      batteries: has('BATTERY'),
      consumers: site.consumers,
    },
  );
  const socs = used
    .filter((d) => d.deviceType === 'BATTERY' && d.socPct !== null)
    .map((d) => d.socPct as number);
  const socPct = socs.length === 0 ? null : socs.reduce((a, b) => a + b, 0) / socs.length;
  const times = used.map((d) => d.ts as number);
  return {
    pvKw: flows.pv,
    flow: {
      pvKw: flows.pv,
      loadKw: flows.load,
      gridKw: flows.grid,
      batteryKw: flows.battery,
      socPct,
      derived: flows.derived,
    },
    updatedAt: times.length === 0 ? null : Math.max(...times),
  };
}
