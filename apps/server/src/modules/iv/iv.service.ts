// IV scan tasks (docs/iv-curves.md "Scan tasks"): chosen inverters of one station, one iv.scan command each,
// all sent at once and waited for with one shared deadline. A task's view is always computed again from
// its commands and the inverters' stored strings: curves that arrive after the wait show up on the next
// read, and each string is diagnosed against its expected curve (module datasheet × modules in series,
// translated to the scan's irradiance and cell temperature) and against the other strings of its inverter.
import { randomUUID } from 'node:crypto';
import {
  type CommandState,
  type IvAlarmScan,
  type IvConditions,
  type IvCurve,
  type IvHistory,
  type IvHistoryPoint,
  IvLimits,
  IvMessage,
  type IvScanBody,
  type IvScanCurve,
  type IvStringRef,
  type IvTaskDevice,
  type IvTaskState,
  type IvTaskView,
  OPEN_COMMAND_STATES,
  type PageQuery,
  pageWindow,
  type PvString,
} from '@sunfleet/contracts';
import { diagnoseIvScan, localMinuteOfDay, type IvStringScan } from '@sunfleet/domain';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { CommandWaiter, type BatchCaller } from '../commands/command-waiter.js';
import { sendBatch } from '../commands/batch.js';
import type { Scope } from '../tenancy/scope.js';
import { IvRepository, type IvTaskRecord, type ScanCommand } from './iv.repository.js';

const OPEN = OPEN_COMMAND_STATES;
const FAILED: readonly CommandState[] = ['FAILED', 'EXPIRED'];

const isNumberArray = (x: unknown): x is number[] =>
  Array.isArray(x) && x.every((n) => typeof n === 'number' && Number.isFinite(n));

/** The result's curves that have the protocol's shape (anything else a device sent is left out). */
function curvesOf(result: Record<string, unknown> | null): IvScanCurve[] {
  const curves = result?.curves;
  if (!Array.isArray(curves)) return [];
  return curves.flatMap((c: unknown) => {
    if (typeof c !== 'object' || c === null) return [];
    const r = c as Record<string, unknown>;
    const numbers = [
      'mppt',
      'string',
      'irradiance',
      'cellTemp',
      'voc',
      'isc',
      'vmp',
      'imp',
      'pmax',
      'fillFactor',
    ];
    if (!numbers.every((k) => typeof r[k] === 'number' && Number.isFinite(r[k]))) return [];
    if (!isNumberArray(r.v) || !isNumberArray(r.i) || r.v.length !== r.i.length) return [];
    return [r as unknown as IvScanCurve];
  });
}

const wanted = (refs: readonly IvStringRef[] | null, c: { mppt: number; string: number }): boolean =>
  refs === null || refs.some((r) => r.mppt === c.mppt && r.string === c.string);

/** One inverter's curves, each with its diagnosis where the string's modules are stored. */
function curvesWithDiagnosis(reported: readonly IvScanCurve[], stored: readonly PvString[]): IvCurve[] {
  const configOf = (c: IvScanCurve): PvString | undefined =>
    stored.find((s) => s.mppt === c.mppt && s.string === c.string);
  const judged: IvScanCurve[] = [];
  const scans: IvStringScan[] = [];
  for (const c of reported) {
    const config = configOf(c);
    if (config === undefined) continue;
    judged.push(c);
    scans.push({
      v: c.v,
      i: c.i,
      irradiance: c.irradiance,
      cellTemp: c.cellTemp,
      module: config.module,
      modulesInSeries: config.modulesInSeries,
    });
  }
  const diagnoses = diagnoseIvScan(scans);
  return reported.map((c) => {
    const k = judged.indexOf(c);
    return {
      mppt: c.mppt,
      string: c.string,
      irradiance: c.irradiance,
      cellTemp: c.cellTemp,
      v: c.v,
      i: c.i,
      reported: {
        voc: c.voc,
        isc: c.isc,
        vmp: c.vmp,
        imp: c.imp,
        pmax: c.pmax,
        fillFactor: c.fillFactor,
      },
      diagnosis: k < 0 ? null : (diagnoses[k] ?? null),
    };
  });
}

/** Scans of one inverter the history shows at most (the newest). */
const HISTORY_SCANS_MAX = 500;

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** SPEC §4: scanning while any is open; complete, unfinished or failed once none is. */
export function taskState(states: readonly CommandState[]): IvTaskState {
  if (states.some((s) => OPEN.includes(s))) return 'SCANNING';
  const done = states.filter((s) => s === 'DONE').length;
  if (done === states.length) return 'COMPLETE';
  return done === 0 ? 'FAILED' : 'UNFINISHED';
}

/** The task's view: the newest command per inverter; curves and diagnoses only when `strings` is given. */
function viewOf(
  task: IvTaskRecord,
  commands: readonly ScanCommand[],
  strings: Map<number, PvString[]> | null,
): IvTaskView {
  const newest = new Map<number, ScanCommand>();
  for (const c of commands) if (!newest.has(c.deviceId)) newest.set(c.deviceId, c);
  const refs = task.strings ?? null;
  const devices: IvTaskDevice[] = [...newest.values()].map((c) => {
    const answered = c.state === 'DONE' ? c.result : null;
    const reported = curvesOf(answered).filter((curve) => wanted(refs, curve));
    const ts = answered?.ts;
    return {
      deviceId: c.deviceId,
      deviceSn: c.deviceSn,
      state: c.state,
      commandId: c.id,
      error: c.error,
      scannedAt: typeof ts === 'number' && Number.isFinite(ts) ? Math.round(ts) : null,
      curves: strings === null ? [] : curvesWithDiagnosis(reported, strings.get(c.deviceId) ?? []),
    };
  });
  const states = devices.map((d) => d.state);
  return {
    id: task.id,
    stationId: task.stationId,
    stationName: task.stationName,
    state: taskState(states),
    createdAt: task.createdAt.getTime(),
    createdBy: task.createdBy,
    deviceCount: task.deviceCount,
    done: states.filter((s) => s === 'DONE').length,
    failed: states.filter((s) => FAILED.includes(s)).length,
    open: states.filter((s) => OPEN.includes(s)).length,
    strings: refs,
    trigger: task.trigger,
    alarmId: task.alarmId,
    devices: strings === null ? [] : devices,
  };
}

/** The newest scan started for an alarm, with each string's verdict; null when none was. */
export async function alarmScanOf(db: Db, alarmId: number): Promise<IvAlarmScan | null> {
  const repo = new IvRepository(db);
  const task = await repo.taskOfAlarm(alarmId);
  if (task === null) return null;
  const commands = await repo.commands([task.id]);
  const view = viewOf(task, commands, await repo.strings([...new Set(commands.map((c) => c.deviceId))]));
  const scanned = view.devices.flatMap((d) => (d.scannedAt === null ? [] : [d.scannedAt]));
  return {
    taskId: view.id,
    state: view.state,
    createdAt: view.createdAt,
    scannedAt: scanned.length === 0 ? null : Math.max(...scanned),
    strings: view.devices.flatMap((d) =>
      d.curves.map((c) => ({ mppt: c.mppt, string: c.string, verdict: c.diagnosis?.verdict ?? null })),
    ),
  };
}

export class IvService {
  private readonly waiter: CommandWaiter;

  constructor(private readonly deps: { db: Db; clock: Clock; changes: ChangeFeed; answerWaitMs: number }) {
    this.waiter = new CommandWaiter({ db: deps.db, feed: deps.changes });
  }

  /**
   * Checks everything before anything is stored or sent: the station in reach (else 4004), every device an
   * inverter of that station in reach (else 4000 iv.deviceNotInStation naming each one that is not). Then
   * the task and one iv.scan per inverter in one transaction, and one wait for them all.
   */
  async scan(caller: BatchCaller, body: IvScanBody): Promise<IvTaskView> {
    const repo = new IvRepository(this.deps.db);
    const station = await repo.station(caller.scope, body.stationId);
    if (station === null) throw Errors.notFound();
    const found = new Map((await repo.devices(caller.scope, body.deviceIds)).map((d) => [d.id, d]));
    const rule = IvMessage.deviceNotInStation;
    const wrong = body.deviceIds.flatMap((id, i) => {
      const device = found.get(id);
      const why =
        device === undefined
          ? `device ${id} not found`
          : device.deviceType !== 'INVERTER'
            ? `${device.sn} is a ${device.deviceType}`
            : device.stationId !== station.id
              ? `${device.sn} is not of station ${station.id}`
              : null;
      return why === null ? [] : [{ field: `body.deviceIds[${i}]`, rule, message: why }];
    });
    if (wrong.length > 0) throw Errors.invalid(rule, wrong);
    const strings = body.strings ?? null;
    // One MPPT input named throughout: the device scans only that input; the view keeps the strings asked.
    const mppts = [...new Set((strings ?? []).map((s) => s.mppt))];
    const params: Record<string, unknown> = { points: IvLimits.points };
    if (mppts.length === 1) params.mppt = mppts[0];
    if (strings?.length === 1) params.string = strings[0]?.string;
    const taskId = randomUUID();
    const devices = body.deviceIds.flatMap((id) => {
      const device = found.get(id);
      return device === undefined ? [] : [device];
    });
    await sendBatch(
      { ...this.deps, waiter: this.waiter },
      caller,
      {
        batchId: taskId,
        kind: 'ivScan',
        name: 'iv.scan',
        params,
        ttlSeconds: IvLimits.commandTtlSeconds,
        devices,
      },
      (tx) =>
        new IvRepository(tx).insert({
          id: taskId,
          stationId: station.id,
          strings,
          deviceCount: devices.length,
          createdByUserId: caller.userId,
          createdAt: this.deps.clock.now(),
        }),
    );
    return this.detail(caller.scope, taskId);
  }

  async page(
    scope: Scope,
    query: PageQuery & { stationId?: number },
  ): Promise<{ total: number; list: IvTaskView[] }> {
    const repo = new IvRepository(this.deps.db);
    const { total, list } = await repo.page(scope, { stationId: query.stationId }, pageWindow(query));
    const commands = await repo.commands(list.map((t) => t.id));
    return {
      total,
      list: list.map((task) =>
        viewOf(
          task,
          commands.filter((c) => c.taskId === task.id),
          null,
        ),
      ),
    };
  }

  /** One task with every inverter's curves and diagnoses, read again from its commands. */
  async detail(scope: Scope, id: string): Promise<IvTaskView> {
    const repo = new IvRepository(this.deps.db);
    const task = await repo.task(scope, id);
    if (task === null) throw Errors.notFound();
    const commands = await repo.commands([task.id]);
    const strings = await repo.strings([...new Set(commands.map((c) => c.deviceId))]);
    return viewOf(task, commands, strings);
  }

  /**
   * What the New IV curve screen warns about (SPEC §9): the station's irradiance now (its weather stations)
   * and its local time, each against the rule.
   */
  async conditions(scope: Scope, stationId: number): Promise<IvConditions> {
    const repo = new IvRepository(this.deps.db);
    const station = await repo.station(scope, stationId);
    if (station === null) throw Errors.notFound();
    const now = this.deps.clock.now();
    const { v, at } = await repo.irradianceNow(station.id, now);
    const minute = localMinuteOfDay(now.getTime(), station.timeZone);
    return {
      stationId: station.id,
      irradiance: v === null ? null : Math.round(v * 10) / 10,
      measuredAt: at,
      timeZone: station.timeZone,
      localTime: hhmm(minute),
      irradianceOk: v !== null && v >= IvLimits.irradianceMin,
      timeOk: minute >= IvLimits.bestFromHour * 60 && minute < IvLimits.bestToHour * 60,
    };
  }

  /**
   * Every answered scan of each string of an inverter in reach, oldest first, judged against the strings
   * as stored now (the newest HISTORY_SCANS_MAX scans): pmaxStc is the figure to follow for degradation.
   */
  async history(scope: Scope, deviceId: number): Promise<IvHistory> {
    const repo = new IvRepository(this.deps.db);
    const [device] = await repo.devices(scope, [deviceId]);
    if (device === undefined) throw Errors.notFound();
    const stored = (await repo.strings([device.id])).get(device.id) ?? [];
    const byString = new Map<string, { mppt: number; string: number; points: IvHistoryPoint[] }>();
    for (const scan of await repo.scansOf(device.id, HISTORY_SCANS_MAX)) {
      const ts = scan.result?.ts;
      const at = typeof ts === 'number' && Number.isFinite(ts) ? Math.round(ts) : null;
      if (at === null) continue;
      for (const c of curvesWithDiagnosis(curvesOf(scan.result), stored)) {
        const key = `${c.mppt}:${c.string}`;
        let entry = byString.get(key);
        if (entry === undefined) byString.set(key, (entry = { mppt: c.mppt, string: c.string, points: [] }));
        entry.points.push({
          taskId: scan.taskId,
          at,
          irradiance: c.irradiance,
          cellTemp: c.cellTemp,
          pmax: c.diagnosis?.figures.pmax ?? c.reported.pmax,
          pmaxStc: c.diagnosis?.pmaxStc ?? null,
          fillFactor: c.diagnosis?.figures.fillFactor ?? c.reported.fillFactor,
          verdict: c.diagnosis?.verdict ?? null,
        });
      }
    }
    const strings = [...byString.values()].sort((a, b) => a.mppt - b.mppt || a.string - b.string);
    return { deviceId: device.id, deviceSn: device.sn, strings };
  }

  /** A station's switch for scans that start themselves (off unless set). */
  async autoScan(scope: Scope, stationId: number): Promise<{ stationId: number; enabled: boolean }> {
    const repo = new IvRepository(this.deps.db);
    const station = await repo.station(scope, stationId);
    if (station === null) throw Errors.notFound();
    return { stationId: station.id, enabled: await repo.autoScan(station.id) };
  }

  async setAutoScan(
    caller: { scope: Scope; userId: number },
    stationId: number,
    enabled: boolean,
  ): Promise<{ stationId: number; enabled: boolean }> {
    const repo = new IvRepository(this.deps.db);
    const station = await repo.station(caller.scope, stationId);
    if (station === null) throw Errors.notFound();
    await repo.setAutoScan(station.id, enabled, caller.userId, this.deps.clock.now());
    return { stationId: station.id, enabled };
  }
}
