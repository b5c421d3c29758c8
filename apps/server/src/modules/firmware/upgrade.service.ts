// Upgrade tasks (docs/firmware.md "Upgrade tasks"): creating one checks the whole choice before anything is
// stored — the devices in reach, the SPEC §5 joint-upgrade rules, the versions, devices busy in another task,
// the appointment — and splits the devices into waves (a canary share, then waves of `waveSize`; one wave
// for a broadcast). The runner (upgrade.runner.ts) sends the waves; the controls pause, resume, run now and
// cancel.
import { randomUUID } from 'node:crypto';
import {
  compareVersions,
  pageWindow,
  RESIDENTIAL_STATION_TYPES,
  RuleMessage,
  UPGRADE_HISTORY_MAX,
  UpgradeLimits,
  UpgradeMessage,
  validateAppointmentTime,
  type UpgradeAction,
  type UpgradeCounts,
  type UpgradeDeviceState,
  type UpgradeHistoryItem,
  type UpgradeHistoryQuery,
  type UpgradeTaskBody,
  type UpgradeTaskPageQuery,
  type UpgradeTaskState,
  type UpgradeTaskView,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { FirmwareRepository, type FirmwareRow } from './firmware.repository.js';
import { UpgradeRepository, type Candidate, type TaskDeviceRow, type TaskRow } from './upgrade.repository.js';

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

function countsOf(byState: Map<UpgradeDeviceState, number> | undefined): UpgradeCounts {
  const get = (s: UpgradeDeviceState): number => byState?.get(s) ?? 0;
  const counts = {
    WAITING: get('WAITING'),
    SENT: get('SENT'),
    UPGRADING: get('UPGRADING'),
    WATCHING: get('WATCHING'),
    DONE: get('DONE'),
    FAILED: get('FAILED'),
    SKIPPED: get('SKIPPED'),
  };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

export function taskView(
  task: TaskRow,
  counts: UpgradeCounts,
  devices: readonly TaskDeviceRow[],
): UpgradeTaskView {
  return {
    id: task.id,
    name: task.name,
    state: task.state,
    pauseReason: task.pauseReason,
    firmwareId: task.firmwareId,
    deviceType: task.deviceType,
    model: task.model,
    version: task.version,
    stationType: task.stationType,
    scheduledAt: ms(task.scheduledAt),
    broadcast: task.broadcast,
    rollback: task.rollback,
    canaryPercent: task.canaryPercent,
    waveSize: task.waveSize,
    failureThresholdPercent: task.failureThresholdPercent,
    healthWatchMinutes: task.healthWatchMinutes,
    retries: task.retries,
    currentWave: task.currentWave,
    waves: task.waves,
    counts,
    createdAt: task.createdAt.getTime(),
    createdBy: task.createdBy,
    startedAt: ms(task.startedAt),
    finishedAt: ms(task.finishedAt),
    devices: devices.map((d) => ({
      id: d.id,
      gatewayId: d.gatewayId,
      deviceId: d.deviceId,
      sn: d.sn,
      model: d.model,
      stationId: d.stationId,
      stationName: d.stationName,
      wave: d.wave,
      state: d.state,
      fromVersion: d.fromVersion,
      toVersion: d.toVersion,
      stage: d.stage,
      percent: d.percent,
      attempts: d.attempts,
      error: d.error,
      commandId: d.commandId,
      startedAt: ms(d.startedAt),
      finishedAt: ms(d.finishedAt),
      watchUntil: ms(d.watchUntil),
    })),
  };
}

/** Wave numbers for `n` devices: the canary (ceil of the share, at least one), then waves of `waveSize`. */
export function wavesOf(
  n: number,
  opts: { broadcast: boolean; canaryPercent: number; waveSize: number },
): number[] {
  if (opts.broadcast) return Array.from({ length: n }, () => 0);
  const canary = Math.min(n, Math.max(1, Math.ceil((n * opts.canaryPercent) / 100)));
  return Array.from({ length: n }, (_, i) => (i < canary ? 0 : 1 + Math.floor((i - canary) / opts.waveSize)));
}

export interface UpgradeCaller {
  scope: Scope;
  userId: number;
  companyId: number;
}

export class UpgradeService {
  private readonly repo: UpgradeRepository;
  private readonly images: FirmwareRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; onCreated?: () => void }) {
    this.repo = new UpgradeRepository(deps.db);
    this.images = new FirmwareRepository(deps.db);
  }

  async create(caller: UpgradeCaller, body: UpgradeTaskBody): Promise<UpgradeTaskView> {
    const now = this.deps.clock.now();
    const image = await this.images.one(body.firmwareId);
    if (image === null) throw Errors.notFound();
    const targets = (['deviceIds', 'gatewayIds', 'stationId', 'allOfModel'] as const).filter(
      (k) => body[k] !== undefined,
    );
    if (targets.length !== 1)
      throw invalidField(
        'body',
        UpgradeMessage.targetRequired,
        'one of deviceIds, gatewayIds, stationId, allOfModel',
      );
    const target = targets[0] as (typeof targets)[number];
    const field = `body.${target}`;
    if (body.scheduledAt !== undefined && validateAppointmentTime(body.scheduledAt, now) !== null)
      throw invalidField('body.scheduledAt', RuleMessage.appointmentNotLater, 'must be later than now');

    const found = await this.candidates(caller.scope, image, body);
    // A station or a whole model: only the devices this image upgrades (not below its minimum version, not
    // already at it, not newer unless a rollback). Hand-picked devices are checked one by one below instead.
    const broad = target === 'stationId' || target === 'allOfModel';
    const candidates = broad
      ? found.filter((c) => takesImage(c.firmware, image, body.rollback === true))
      : found;
    if (candidates.length === 0)
      throw invalidField(field, UpgradeMessage.noDevices, 'no device this image is for');
    if (candidates.length > UpgradeLimits.devicesMax)
      throw invalidField(
        field,
        'rule.tooMany',
        `${candidates.length} devices; one task takes at most ${UpgradeLimits.devicesMax}`,
      );
    this.checkJointRules(image, candidates, target, field);
    this.checkVersions(image, candidates, body.rollback === true, field);
    const busy = await this.repo.busy(candidates);
    if (busy.length > 0)
      throw invalidField(
        field,
        UpgradeMessage.deviceBusy,
        `in another task: ${busy.slice(0, 20).join(', ')}`,
      );

    const broadcast = body.broadcast === true;
    const settings = {
      canaryPercent: body.canaryPercent ?? UpgradeLimits.canaryPercentDefault,
      waveSize: body.waveSize ?? UpgradeLimits.waveSizeDefault,
    };
    const waves = wavesOf(candidates.length, { broadcast, ...settings });
    const id = randomUUID();
    const scheduled = body.scheduledAt === undefined ? null : new Date(body.scheduledAt);
    await this.repo.insertTask(
      {
        id,
        name: body.name?.trim() || `${image.model} ${image.version}`,
        firmwareId: image.id,
        companyId: caller.companyId,
        deviceType: image.deviceType,
        model: image.model,
        version: image.version,
        stationType: candidates[0]?.stationType ?? null,
        state: scheduled === null ? 'RUNNING' : 'WAITING',
        scheduledAt: scheduled,
        broadcast,
        rollback: body.rollback === true,
        ...settings,
        failureThresholdPercent: body.failureThresholdPercent ?? UpgradeLimits.failureThresholdPercentDefault,
        healthWatchMinutes: body.healthWatchMinutes ?? UpgradeLimits.healthWatchMinutesDefault,
        retries: body.retries ?? UpgradeLimits.retriesDefault,
        waves: Math.max(...waves) + 1,
        createdByUserId: caller.userId,
        createdAt: now,
        startedAt: scheduled === null ? now : null,
      },
      candidates.map((c, i) => ({
        taskId: id,
        gatewayId: c.gatewayId,
        deviceId: c.deviceId,
        sn: c.sn,
        model: c.model,
        stationId: c.stationId,
        wave: waves[i] ?? 0,
        state: 'WAITING' as const,
        fromVersion: c.firmware,
      })),
    );
    this.deps.onCreated?.();
    return this.detail(caller.scope, id);
  }

  private async candidates(scope: Scope, image: FirmwareRow, body: UpgradeTaskBody): Promise<Candidate[]> {
    const models = [image.model, ...image.compatibleModels];
    const wanted = (
      ids: readonly number[],
      found: Candidate[],
      key: 'deviceId' | 'gatewayId',
    ): Candidate[] => {
      // A device outside the caller's reach answers like a missing one.
      if (found.length !== ids.length) throw Errors.notFound();
      return found.sort((a, b) => ids.indexOf(a[key] ?? 0) - ids.indexOf(b[key] ?? 0));
    };
    if (body.stationId !== undefined && !(await this.repo.stationInReach(scope, body.stationId)))
      throw Errors.notFound();
    if (image.deviceType === 'GATEWAY') {
      if (body.deviceIds !== undefined)
        throw invalidField(
          'body.deviceIds',
          UpgradeMessage.deviceTypeMismatch,
          'a logger image takes gatewayIds',
        );
      if (body.gatewayIds !== undefined)
        return wanted(
          body.gatewayIds,
          await this.repo.gatewayCandidates(scope, { ids: body.gatewayIds }),
          'gatewayId',
        );
      return this.repo.gatewayCandidates(scope, {
        models,
        ...(body.stationId === undefined ? {} : { stationId: body.stationId }),
      });
    }
    if (body.gatewayIds !== undefined)
      throw invalidField(
        'body.gatewayIds',
        UpgradeMessage.deviceTypeMismatch,
        'a device image takes deviceIds',
      );
    if (body.deviceIds !== undefined)
      return wanted(
        body.deviceIds,
        await this.repo.deviceCandidates(scope, { ids: body.deviceIds }),
        'deviceId',
      );
    return this.repo.deviceCandidates(scope, {
      deviceType: image.deviceType,
      models,
      ...(body.stationId === undefined ? {} : { stationId: body.stationId }),
    });
  }

  /**
   * SPEC §5 joint upgrade: one device type (the image's), one model (the image's or a compatible one), bound
   * and unbound devices not together, devices picked by hand behind one logger, one site type, and
   * non-residential sites one at a time.
   */
  private checkJointRules(
    image: FirmwareRow,
    candidates: readonly Candidate[],
    target: string,
    field: string,
  ): void {
    const list = (cs: readonly Candidate[]): string =>
      cs
        .slice(0, 20)
        .map((c) => c.sn)
        .join(', ');
    const wrongType = candidates.filter((c) => c.deviceType !== image.deviceType);
    if (wrongType.length > 0)
      throw invalidField(
        field,
        UpgradeMessage.deviceTypeMismatch,
        `not ${image.deviceType}: ${list(wrongType)}`,
      );
    const models = new Set([image.model, ...image.compatibleModels]);
    const foreignModel = candidates.filter((c) => !models.has(c.model));
    if (foreignModel.length > 0 || new Set(candidates.map((c) => c.model)).size > 1)
      throw invalidField(
        field,
        UpgradeMessage.modelMismatch,
        foreignModel.length > 0
          ? `not a model of this image: ${list(foreignModel)}`
          : `several models: ${[...new Set(candidates.map((c) => c.model))].join(', ')}`,
      );
    const bound = candidates.filter((c) => c.stationId !== null);
    if (bound.length > 0 && bound.length < candidates.length)
      throw invalidField(
        field,
        UpgradeMessage.boundAndUnbound,
        `unbound: ${list(candidates.filter((c) => c.stationId === null))}`,
      );
    if (target === 'deviceIds' && new Set(candidates.map((c) => c.gatewayId)).size > 1)
      throw invalidField(field, UpgradeMessage.differentLoggers, 'the devices are behind several loggers');
    const siteTypes = new Set(bound.map((c) => c.stationType));
    if (siteTypes.size > 1)
      throw invalidField(field, UpgradeMessage.siteTypeMismatch, `site types ${[...siteTypes].join(', ')}`);
    const sites = new Set(bound.map((c) => c.stationId));
    const nonResidential = bound.filter(
      (c) => c.stationType !== null && !RESIDENTIAL_STATION_TYPES.includes(c.stationType),
    );
    if (sites.size > 1 && nonResidential.length > 0)
      throw invalidField(
        field,
        UpgradeMessage.acrossSites,
        `non-residential sites: ${sites.size} sites chosen`,
      );
  }

  /** Every device at least at the image's minimum version; none newer than the image unless a rollback. */
  private checkVersions(
    image: FirmwareRow,
    candidates: readonly Candidate[],
    rollback: boolean,
    field: string,
  ): void {
    const minVersion = image.minVersion;
    const below =
      minVersion === null
        ? []
        : candidates.filter((c) => c.firmware !== null && compareVersionsSafe(c.firmware, minVersion) < 0);
    if (below.length > 0)
      throw invalidField(
        field,
        UpgradeMessage.belowMinVersion,
        `older than ${image.minVersion}: ${below
          .slice(0, 20)
          .map((c) => `${c.sn} (${c.firmware})`)
          .join(', ')}`,
      );
    if (rollback) return;
    const newer = candidates.filter(
      (c) => c.firmware !== null && compareVersionsSafe(c.firmware, image.version) > 0,
    );
    if (newer.length > 0)
      throw invalidField(
        field,
        UpgradeMessage.downgrade,
        `newer than ${image.version}: ${newer
          .slice(0, 20)
          .map((c) => `${c.sn} (${c.firmware})`)
          .join(', ')}`,
      );
  }

  async detail(scope: Scope, id: string): Promise<UpgradeTaskView> {
    const task = await this.repo.task(scope, id);
    if (task === null) throw Errors.notFound();
    const counts = await this.repo.counts([id]);
    return taskView(task, countsOf(counts.get(id)), await this.repo.devices(id));
  }

  async page(scope: Scope, query: UpgradeTaskPageQuery): Promise<{ total: number; list: UpgradeTaskView[] }> {
    const { total, list } = await this.repo.page(scope, query.state, pageWindow(query));
    const counts = await this.repo.counts(list.map((t) => t.id));
    return { total, list: list.map((t) => taskView(t, countsOf(counts.get(t.id)), [])) };
  }

  /**
   * pause: a waiting or running task sends nothing more (devices under way finish); resume: a paused task
   * goes on (or waits again for its appointment); run: a waiting task starts now; cancel: an open task ends,
   * its devices not yet sent are skipped. Any other state → 4000 upgrade.notInState.
   */
  async control(scope: Scope, id: string, action: UpgradeAction): Promise<UpgradeTaskView> {
    const task = await this.repo.task(scope, id);
    if (task === null) throw Errors.notFound();
    const now = this.deps.clock.now();
    const move = (from: readonly UpgradeTaskState[], values: Parameters<UpgradeRepository['moveTask']>[2]) =>
      this.repo.moveTask(id, from, values);
    let moved: boolean;
    switch (action) {
      case 'pause':
        moved = await move(['WAITING', 'RUNNING'], { state: 'PAUSED', pauseReason: 'MANUAL' });
        break;
      case 'resume': {
        const waitsForAppointment =
          task.startedAt === null && task.scheduledAt !== null && task.scheduledAt > now;
        moved = await move(['PAUSED'], {
          state: waitsForAppointment ? 'WAITING' : 'RUNNING',
          pauseReason: null,
          ...(task.startedAt === null && !waitsForAppointment ? { startedAt: now } : {}),
        });
        break;
      }
      case 'run':
        moved = await move(['WAITING'], { state: 'RUNNING', startedAt: now });
        break;
      case 'cancel':
        moved = await move(['WAITING', 'RUNNING', 'PAUSED'], { state: 'CANCELLED', finishedAt: now });
        if (moved) await this.repo.skipWaiting(id);
        break;
    }
    if (!moved) throw invalidField('params.action', UpgradeMessage.notInState, `the task is ${task.state}`);
    if (action !== 'pause' && action !== 'cancel') this.deps.onCreated?.();
    return this.detail(scope, id);
  }

  /**
   * The firmware history of a device or of a logger itself (exactly one of them, in reach — else 4000 or
   * 4004): the tasks that took it, newest first, with versions, state and error.
   */
  async history(scope: Scope, query: UpgradeHistoryQuery): Promise<UpgradeHistoryItem[]> {
    if ((query.deviceId === undefined) === (query.gatewayId === undefined))
      throw invalidField('querystring', UpgradeMessage.targetRequired, 'one of deviceId, gatewayId');
    const inReach =
      query.deviceId !== undefined
        ? await this.repo.deviceInReach(scope, query.deviceId)
        : await this.repo.gatewayInReach(scope, query.gatewayId ?? 0);
    if (!inReach) throw Errors.notFound();
    const rows = await this.repo.history(
      query.deviceId !== undefined ? { deviceId: query.deviceId } : { gatewayId: query.gatewayId ?? 0 },
      UPGRADE_HISTORY_MAX,
    );
    return rows.map(({ row, task }) => ({
      taskId: task.id,
      taskName: task.name,
      taskState: task.state,
      version: task.version,
      state: row.state,
      fromVersion: row.fromVersion,
      toVersion: row.toVersion,
      error: row.error,
      createdAt: task.createdAt.getTime(),
      startedAt: ms(row.startedAt),
      finishedAt: ms(row.finishedAt),
    }));
  }

  /** Whether a task uses an image (then it cannot be deleted). */
  imageInUse(firmwareId: string): Promise<boolean> {
    return this.repo.imageInUse(firmwareId);
  }
}

/** Whether a device running `firmware` takes the image: at least its minimum, older than it (or a rollback). */
function takesImage(firmware: string | null, image: FirmwareRow, rollback: boolean): boolean {
  if (firmware === null) return true;
  if (image.minVersion !== null && compareVersionsSafe(firmware, image.minVersion) < 0) return false;
  const order = compareVersionsSafe(firmware, image.version);
  return rollback ? order !== 0 : order < 0;
}

/** compareVersions for stored versions that may not follow the pattern (a device's own text): such sort first. */
function compareVersionsSafe(a: string, b: string): number {
  const valid = (v: string) => /^[Vv]?\d+(\.\d+)*$/.test(v);
  if (!valid(a) || !valid(b)) return valid(a) === valid(b) ? 0 : valid(a) ? 1 : -1;
  return compareVersions(a, b);
}
