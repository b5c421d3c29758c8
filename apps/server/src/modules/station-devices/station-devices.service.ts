import {
  matchesPattern,
  pageWindow,
  RuleMessage,
  StationDeviceLimits,
  StationDeviceMessage,
  validateEmail,
  DEFAULT_LANGUAGE,
  isLanguageKey,
  RemoteLimits,
  RemoteMessage,
  type AcCoupleBody,
  type AcCoupleSetting,
  type CommandState,
  type GatewayListItem,
  type OneStationGatewayQuery,
  type StationDeviceItem,
  type StationDeviceModel,
  type StationDeviceQuery,
  type StationGatewayQuery,
  type StationMeterQuery,
  type NotifyType,
  type StationSubscription,
  type SubscriptionCreateBody,
  type SubscriptionUpdateBody,
} from '@sunfleet/contracts';
import { deviceRest, deviceStatus, isFresh, isProducing, restOf, type DeviceFacts } from '@sunfleet/domain';
import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import { CommandWaiter } from '../commands/command-waiter.js';
import { AC_COUPLE_COMMAND, CommandsService } from '../commands/commands.service.js';
import { wakeCommandDispatchers } from '../commands/dispatcher.js';
import type { Caller } from '../organisation/access.js';
import { assertFields, type FieldCheck } from '../organisation/field-rules.js';
import { optionalKeyword } from '../reference/sql-helpers.js';
import type { GatewaysService } from '../gateways/gateways.service.js';
import type { Scope } from '../tenancy/scope.js';
import {
  StationDevicesRepository,
  type AcCoupleRow,
  type DeviceFilter,
  type DeviceListRow,
  type ReachableDevice,
  type SubscriptionRow,
} from './station-devices.repository.js';

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Status (packages/domain rules) and now-values of one device row. */
export function toDeviceItem(row: DeviceListRow, nowMs: number): StationDeviceItem {
  const lastSeenMs = row.lastSeenAt?.getTime() ?? null;
  const producing =
    row.producing ?? isProducing({ deviceType: row.deviceType, powerW: null, stateCode: null });
  const fresh = isFresh(lastSeenMs, row.uploadIntervalS, nowMs);
  const facts: DeviceFacts = {
    lastSeenMs,
    uploadIntervalS: row.uploadIntervalS,
    openFaults: row.openFaults,
    producing,
    rest: restOf({ deviceType: row.deviceType, producing, stateCode: row.stateCode }),
  };
  return {
    id: row.id,
    sn: row.sn,
    name: row.name,
    deviceType: row.deviceType,
    model: row.model,
    status: deviceStatus(facts, nowMs),
    rest: deviceRest(facts, nowMs),
    stationId: row.stationId,
    stationName: row.stationName,
    gatewayId: row.gatewayId,
    gatewaySn: row.gatewaySn,
    // A stale reading is not "now": an offline device shows no power.
    powerKw: fresh && row.latestPowerW !== null ? row.latestPowerW / 1000 : null,
    todayKwh: row.todayKwh,
    socPct: fresh && row.deviceType === 'BATTERY' ? row.latestSocPct : null,
    lastSeenAt: iso(row.lastSeenAt),
    timeZone: row.timeZone ?? 'UTC',
    localControl: row.localControl,
  };
}

/** Where the latest change stands on the device, from its acCouple.set command's state. */
function deliveryOf(state: CommandState | null): AcCoupleSetting['delivery'] {
  switch (state) {
    case null:
      return null;
    case 'PENDING':
    case 'SENT':
    case 'ACKNOWLEDGED':
      return 'PENDING';
    case 'DONE':
      return 'APPLIED';
    case 'FAILED':
    case 'EXPIRED':
      return 'FAILED';
  }
}

function toAcCouple({ setting, commandState, commandError }: AcCoupleRow): AcCoupleSetting {
  return {
    deviceId: setting.deviceId,
    enabled: setting.enabled,
    coupledDeviceId: setting.coupledDeviceId,
    maxFeedInKw: setting.maxFeedInKw,
    state: setting.state,
    updatedAt: setting.updatedAt.toISOString(),
    sentAt: iso(setting.sentAt),
    commandId: setting.commandId,
    delivery: deliveryOf(commandState),
    // The device's error code; an expired command never reached it (nobody answered in time).
    deliveryError: commandState === 'EXPIRED' ? (commandError ?? 'expired') : commandError,
  };
}

function toSubscription(row: SubscriptionRow): StationSubscription {
  return {
    id: row.id,
    stationId: row.stationId,
    subject: row.subject,
    notifyType: row.notifyType,
    notifyTime: row.notifyTime,
    email: row.email,
    language: isLanguageKey(row.language) ? row.language : DEFAULT_LANGUAGE,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const AC_COUPLE_TYPES = new Set(['INVERTER', 'BATTERY']);

/** The subscription fields as stored, after the rules passed (4000 naming every failing field). */
function checkedSubscription(body: SubscriptionCreateBody): {
  subject: string;
  notifyType: NotifyType;
  notifyTime: string | null;
  email: string;
} {
  const subject = body.subject.trim();
  const email = body.email.trim();
  const time = body.notifyTime ?? null;
  const subjectLength = Array.from(subject).length;
  let timeRule: string | null = null;
  if (body.notifyType === 'FIXED_TIME') {
    if (time === null || time.trim() === '') timeRule = StationDeviceMessage.notifyTimeRequired;
    else if (!matchesPattern(time, 'timeOfDay')) timeRule = StationDeviceMessage.notifyTimeInvalid;
  } else if (time !== null && time !== '') {
    timeRule = StationDeviceMessage.notifyTimeForbidden;
  }
  const checks: FieldCheck[] = [
    [
      'subject',
      subjectLength === 0
        ? RuleMessage.cannotBeBlank
        : subjectLength > StationDeviceLimits.subjectMax
          ? StationDeviceMessage.subjectInvalid
          : null,
    ],
    ['notifyTime', timeRule],
    ['email', validateEmail(email)],
  ];
  assertFields(checks);
  return {
    subject,
    notifyType: body.notifyType,
    notifyTime: body.notifyType === 'FIXED_TIME' ? time : null,
    email,
  };
}

/** How AC-coupling changes reach the device: the change feed to wait on, and for how long. */
export interface AcCoupleDelivery {
  changes: ChangeFeed;
  /** How long a change waits for the device's answer before answering PENDING. */
  answerWaitMs: number;
}

/** The caller of a change, and the request's signal (a caller gone away stops waiting). */
type Changer = Caller & { signal?: AbortSignal };

export class StationDevicesService {
  private readonly repo: StationDevicesRepository;
  private readonly waiter: CommandWaiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly gateways: GatewaysService,
    private readonly delivery: AcCoupleDelivery,
  ) {
    this.repo = new StationDevicesRepository(db);
    this.waiter = new CommandWaiter({ db, feed: delivery.changes });
  }

  // ---- Lists ----------------------------------------------------------------------------------------------

  gatewayPage(scope: Scope, query: StationGatewayQuery): Promise<{ total: number; list: GatewayListItem[] }> {
    return this.gateways.page(scope, query);
  }

  async stationGatewayPage(
    scope: Scope,
    stationId: number,
    query: OneStationGatewayQuery,
  ): Promise<{ total: number; list: GatewayListItem[] }> {
    const station = await this.stationOrThrow(scope, stationId);
    return this.gateways.page(scope, { ...query, stationId: station.id });
  }

  devicePage(scope: Scope, query: StationDeviceQuery): Promise<{ total: number; list: StationDeviceItem[] }> {
    return this.page(scope, query, {
      stationId: query.stationId,
      gatewayId: query.gatewayId,
      sn: optionalKeyword(query.sn),
      status: query.status,
      deviceType: query.deviceType,
    });
  }

  async meterPage(
    scope: Scope,
    stationId: number,
    query: StationMeterQuery,
  ): Promise<{ total: number; list: StationDeviceItem[] }> {
    const station = await this.stationOrThrow(scope, stationId);
    return this.page(scope, query, {
      stationId: station.id,
      sn: optionalKeyword(query.sn),
      status: query.status,
      deviceType: 'METER',
    });
  }

  async deviceModels(scope: Scope, stationId: number): Promise<StationDeviceModel[]> {
    const station = await this.stationOrThrow(scope, stationId);
    return this.repo.deviceModels(station.id);
  }

  async gatewaySns(scope: Scope, stationId: number): Promise<string[]> {
    const station = await this.stationOrThrow(scope, stationId);
    return this.repo.gatewaySns(station.id);
  }

  // ---- AC coupling ----------------------------------------------------------------------------------------

  async acCouple(scope: Scope, deviceId: number): Promise<AcCoupleSetting | null> {
    const device = await this.deviceOrThrow(scope, deviceId);
    const row = await this.repo.acCouple(device.id);
    return row === null ? null : toAcCouple(row);
  }

  async acCouplesOfStation(scope: Scope, stationId: number): Promise<AcCoupleSetting[]> {
    const station = await this.stationOrThrow(scope, stationId);
    return (await this.repo.acCouplesOfStation(station.id)).map(toAcCouple);
  }

  /**
   * Sets or updates a coupling and sends it to the device (acCouple.set {coupledSn, maxFeedInW}). Both
   * devices must be reachable (else 4004, like missing ones), be inverters or batteries, differ, and hang
   * off the same station; a device under local control refuses (4003). Answers once the device has
   * answered, or after the answer wait with delivery PENDING.
   */
  async setAcCouple(caller: Changer, body: AcCoupleBody): Promise<AcCoupleSetting> {
    const device = await this.deviceOrThrow(caller.scope, body.deviceId);
    const partner =
      body.coupledDeviceId === null ? null : await this.deviceOrThrow(caller.scope, body.coupledDeviceId);
    assertFields([
      ['deviceId', AC_COUPLE_TYPES.has(device.deviceType) ? null : StationDeviceMessage.acCoupleDeviceType],
    ]);
    if (partner !== null) {
      assertFields([
        [
          'coupledDeviceId',
          partner.id === device.id
            ? StationDeviceMessage.acCoupleSameDevice
            : !AC_COUPLE_TYPES.has(partner.deviceType)
              ? StationDeviceMessage.acCoupleDeviceType
              : device.stationId === null || partner.stationId !== device.stationId
                ? StationDeviceMessage.acCoupleOtherStation
                : null,
        ],
      ]);
    }
    if (device.localControl) throw Errors.forbidden(RemoteMessage.localControl);
    const maxFeedInW = body.maxFeedInKw === null ? null : Math.round(body.maxFeedInKw * 1000);
    return this.deliver(caller, device, { coupledSn: partner?.sn ?? null, maxFeedInW }, (repo, commandId) =>
      repo.upsertAcCouple({
        deviceId: device.id,
        coupledDeviceId: partner?.id ?? null,
        maxFeedInKw: body.maxFeedInKw,
        userId: caller.session.userId,
        commandId,
        now: this.clock.now(),
      }),
    );
  }

  /** Releases a coupling and tells the device (acCouple.set with both fields null). */
  async releaseAcCouple(caller: Changer, deviceId: number): Promise<AcCoupleSetting> {
    const device = await this.deviceOrThrow(caller.scope, deviceId);
    const notSet = (): Error => {
      const rule = StationDeviceMessage.acCoupleNotSet;
      return Errors.invalid(rule, [{ field: 'params.id', rule, message: 'no AC coupling to release' }]);
    };
    if (!(await this.repo.acCoupleActive(device.id))) throw notSet();
    if (device.localControl) throw Errors.forbidden(RemoteMessage.localControl);
    return this.deliver(caller, device, { coupledSn: null, maxFeedInW: null }, async (repo, commandId) => {
      // Released by someone else since the check above: nothing is sent (the transaction rolls back).
      if (!(await repo.releaseAcCouple(device.id, caller.session.userId, commandId, this.clock.now())))
        throw notSet();
    });
  }

  /**
   * Stores the setting and its acCouple.set command in one transaction (an identical change still open
   * on the logger answers that command), then waits for the device's answer at most the answer wait.
   */
  private async deliver(
    caller: Changer,
    device: ReachableDevice,
    params: { coupledSn: string | null; maxFeedInW: number | null },
    store: (repo: StationDevicesRepository, commandId: string) => Promise<void>,
  ): Promise<AcCoupleSetting> {
    let created = false;
    const commandId = await this.db.transaction(async (tx) => {
      const commands = new CommandsService({ db: tx, clock: this.clock, onEnqueued: () => undefined });
      const enqueued = await commands.enqueue({
        gatewayId: device.gatewayId,
        deviceId: device.id,
        name: AC_COUPLE_COMMAND,
        params,
        ttlSeconds: RemoteLimits.commandTtlSeconds,
        idempotencyKey: `acCouple:${randomUUID()}`,
        userId: caller.session.userId,
        openKey: `${AC_COUPLE_COMMAND}:${device.id}:${params.coupledSn ?? ''}:${params.maxFeedInW ?? ''}`,
      });
      created = enqueued.created;
      await store(new StationDevicesRepository(tx), enqueued.command.id);
      return enqueued.command.id;
    });
    // Woken after the commit, so the dispatcher finds the command.
    if (created) wakeCommandDispatchers();
    await this.waiter.settle(commandId, this.delivery.answerWaitMs, caller.signal);
    const row = await this.repo.acCouple(device.id);
    if (row === null) throw new Error('AC couple setting vanished');
    return toAcCouple(row);
  }

  // ---- Event subscriptions ------------------------------------------------------------------------------

  async subscriptions(scope: Scope, stationId: number): Promise<StationSubscription[]> {
    const station = await this.stationOrThrow(scope, stationId);
    return (await this.repo.subscriptions(station.id)).map(toSubscription);
  }

  async createSubscription(
    caller: Caller,
    stationId: number,
    body: SubscriptionCreateBody,
  ): Promise<StationSubscription> {
    const station = await this.stationOrThrow(caller.scope, stationId);
    const fields = checkedSubscription(body);
    if ((await this.repo.subscriptionCount(station.id)) >= StationDeviceLimits.subscriptionsPerStationMax)
      throw Errors.invalid(StationDeviceMessage.subscriptionsTooMany);
    const language =
      body.language ?? (await this.repo.userLanguage(caller.session.userId)) ?? DEFAULT_LANGUAGE;
    const row = await this.repo.insertSubscription({
      stationId: station.id,
      userId: caller.session.userId,
      ...fields,
      language,
      enabled: body.enabled ?? true,
      now: this.clock.now(),
    });
    return toSubscription(row);
  }

  async updateSubscription(caller: Caller, body: SubscriptionUpdateBody): Promise<StationSubscription> {
    const found = await this.repo.subscription(caller.scope, body.id);
    if (!found) throw Errors.notFound();
    const fields = checkedSubscription(body);
    const row = await this.repo.updateSubscription(found.id, {
      ...fields,
      ...(body.language === undefined ? {} : { language: body.language }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      now: this.clock.now(),
    });
    if (!row) throw Errors.notFound();
    return toSubscription(row);
  }

  async deleteSubscription(caller: Caller, id: number): Promise<void> {
    const found = await this.repo.subscription(caller.scope, id);
    if (!found) throw Errors.notFound();
    await this.repo.deleteSubscription(found.id);
  }

  // ---- Helpers ----------------------------------------------------------------------------------------------

  private async page(
    scope: Scope,
    query: { pageNum?: number; pageSize?: number },
    filter: DeviceFilter,
  ): Promise<{ total: number; list: StationDeviceItem[] }> {
    const now = this.clock.now();
    const { total, rows } = await this.repo.devicePage(scope, filter, pageWindow(query), now);
    return { total, list: rows.map((row) => toDeviceItem(row, now.getTime())) };
  }

  private async stationOrThrow(scope: Scope, id: number): Promise<{ id: number; name: string }> {
    const station = await this.repo.station(scope, id);
    if (!station) throw Errors.notFound();
    return station;
  }

  private async deviceOrThrow(scope: Scope, id: number): Promise<ReachableDevice> {
    const device = await this.repo.device(scope, id);
    if (!device) throw Errors.notFound();
    return device;
  }
}
