import {
  AcCoupleBody,
  AcCoupleQuery,
  AcCoupleSetting,
  GatewayListItem,
  IdParams,
  OneStationGatewayQuery,
  Page,
  Perm,
  RemoteLimits,
  StationDeviceItem,
  StationDeviceModel,
  StationDeviceQuery,
  StationGatewayQuery,
  StationMeterQuery,
  StationSubscription,
  SubscriptionCreateBody,
  SubscriptionUpdateBody,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { GatewaysService } from '../gateways/gateways.service.js';
import { callerOf } from '../organisation/access.js';
import { StationDevicesService } from './station-devices.service.js';

const tags = ['station devices'];
const deviceStatusNote =
  'Status (SPEC §4): OTHER never reported or an inverter producing nothing; OFFLINE silent for more than ' +
  'three upload intervals of its logger plus a minute; FAULT an open URGENT or IMPORTANT alarm; else RUNNING.';

/** Loggers, devices, meters and device models of stations; AC coupling; event subscriptions. */
export const stationDevicesRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  /** How long an AC-coupling change waits for the device's answer (default RemoteLimits.answerWaitMsDefault). */
  answerWaitMs?: number;
}> = async (app, { db, clock, changes, answerWaitMs }) => {
  // Reads only: the logger page of the gateways module, without its write-side collaborators.
  const gateways = new GatewaysService(db, clock, { disconnect: () => undefined, serverUsername: null });
  const service = new StationDevicesService(db, clock, gateways, {
    changes,
    answerWaitMs: answerWaitMs ?? RemoteLimits.answerWaitMsDefault,
  });

  app.get(
    '/station/gateway/page',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Loggers within your reach, by station, SN or name and status',
        querystring: StationGatewayQuery,
        response: responses(Page(GatewayListItem)),
      },
    },
    async (request) => ok(await service.gatewayPage(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/station/:id/gateway/page',
    {
      config: { perm: [Perm.gatewayView] },
      schema: {
        tags,
        summary: 'Loggers of one station (4004 when the station is missing or outside your reach)',
        params: IdParams,
        querystring: OneStationGatewayQuery,
        response: responses(Page(GatewayListItem)),
      },
    },
    async (request) =>
      ok(await service.stationGatewayPage(await app.scopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/station/gateway/inverterPage',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Devices (inverters, meters, batteries, weather stations) within your reach',
        description: `${deviceStatusNote} powerKw: newest reading while online; todayKwh: yield of the station-local day (inverters).`,
        querystring: StationDeviceQuery,
        response: responses(Page(StationDeviceItem)),
      },
    },
    async (request) => ok(await service.devicePage(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/station/:id/electricityMeter/page',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'Electricity meters of one station',
        description: deviceStatusNote,
        params: IdParams,
        querystring: StationMeterQuery,
        response: responses(Page(StationDeviceItem)),
      },
    },
    async (request) =>
      ok(await service.meterPage(await app.scopeOf(request), request.params.id, request.query)),
  );

  app.get(
    '/station/deviceModels/:id',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: "Models of a station's loggers (GATEWAY) and devices, with how many of each",
        params: IdParams,
        response: responses(Type.Array(StationDeviceModel)),
      },
    },
    async (request) => ok(await service.deviceModels(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/station/:id/gatewaySns',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'SNs of the loggers bound to a station',
        params: IdParams,
        response: responses(Type.Array(Type.String())),
      },
    },
    async (request) => ok(await service.gatewaySns(await app.scopeOf(request), request.params.id)),
  );

  // ---- AC coupling ----------------------------------------------------------------------------------------

  app.get(
    '/station/gateway/inverter/acCouple/:id',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: 'AC coupling setting of a device (null when never set)',
        params: IdParams,
        response: responses(Type.Union([Type.Null(), AcCoupleSetting])),
      },
    },
    async (request) => ok(await service.acCouple(await app.scopeOf(request), request.params.id)),
  );

  app.get(
    '/station/gateway/inverter/acCouple',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: "AC coupling settings of a station's devices",
        querystring: AcCoupleQuery,
        response: responses(Type.Array(AcCoupleSetting)),
      },
    },
    async (request) =>
      ok(await service.acCouplesOfStation(await app.scopeOf(request), request.query.stationId)),
  );

  app.put(
    '/station/gateway/inverter/acCouple',
    {
      config: { perm: [Perm.acCoupleUpdate], audit: { action: 'device.acCouple.set', target: 'device' } },
      schema: {
        tags,
        summary: 'Set or update the AC coupling of an inverter or battery, and send it to the device',
        description:
          'Stored and sent to the device as acCouple.set {coupledSn, maxFeedInW}; answers once the device ' +
          'has answered (delivery APPLIED with sentAt, or FAILED with deliveryError) or, after the answer ' +
          'wait (30 s by default), with delivery PENDING. Both devices must be INVERTER or BATTERY devices ' +
          'of the same station and differ (4000 naming the rule). A new or released setting becomes SET, an ' +
          'active one UPDATED. A device under local control answers 4003 remote.localControl (nothing ' +
          'stored or sent).',
        body: AcCoupleBody,
        response: responses(AcCoupleSetting),
      },
    },
    async (request) => {
      const { deviceId, coupledDeviceId, maxFeedInKw } = request.body;
      request.auditDetail = { targetId: deviceId, coupledDeviceId, maxFeedInKw };
      const caller = await callerOf(app, request);
      const setting = await service.setAcCouple({ ...caller, signal: request.signal }, request.body);
      request.auditDetail = {
        targetId: deviceId,
        coupledDeviceId,
        maxFeedInKw,
        commandId: setting.commandId,
        delivery: setting.delivery,
      };
      return ok(setting);
    },
  );

  app.put(
    '/station/gateway/inverter/acCouple/:id',
    {
      config: { perm: [Perm.acCoupleUpdate], audit: { action: 'device.acCouple.release', target: 'device' } },
      schema: {
        tags,
        summary:
          'Release the AC coupling of a device and tell the device (4000 when there is none to release)',
        description:
          'Sent as acCouple.set with coupledSn and maxFeedInW null; answers like setting it. A device under ' +
          'local control answers 4003 remote.localControl.',
        params: IdParams,
        response: responses(AcCoupleSetting),
      },
    },
    async (request) => {
      const caller = await callerOf(app, request);
      const setting = await service.releaseAcCouple({ ...caller, signal: request.signal }, request.params.id);
      request.auditDetail = {
        targetId: request.params.id,
        commandId: setting.commandId,
        delivery: setting.delivery,
      };
      return ok(setting);
    },
  );

  // ---- Event subscriptions ------------------------------------------------------------------------------

  app.get(
    '/station/:id/subscription',
    {
      config: { perm: [Perm.stationView] },
      schema: {
        tags,
        summary: 'Event subscriptions of a station',
        params: IdParams,
        response: responses(Type.Array(StationSubscription)),
      },
    },
    async (request) => ok(await service.subscriptions(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/station/:id/subscription',
    {
      config: {
        perm: [Perm.stationUpdate],
        audit: { action: 'station.subscription.create', target: 'station' },
      },
      schema: {
        tags,
        summary: 'Subscribe an email address to the events of a station',
        description:
          'Delivered by the notification worker (docs/alarms.md Notifications). subject 1–100 characters; email per SPEC §5; notifyTime ' +
          "HH:mm (station's time zone) required for FIXED_TIME and not allowed for REAL_TIME and ESCALATION. " +
          'ESCALATION subscriptions are the second recipient list: mailed only for ESCALATED events ' +
          '(unacknowledged URGENT or IMPORTANT alarms after the escalation time); REAL_TIME ones for RAISED, ' +
          "CLEARED and SNOOZE_ENDED. language CN, EN, DE or ITA (default the caller's); enabled default true.",
        params: IdParams,
        body: SubscriptionCreateBody,
        response: responses(StationSubscription),
      },
    },
    async (request) => {
      const created = await service.createSubscription(
        await callerOf(app, request),
        request.params.id,
        request.body,
      );
      request.auditDetail = { targetId: request.params.id, subscriptionId: created.id };
      return ok(created);
    },
  );

  app.put(
    '/station/subscription',
    {
      config: {
        perm: [Perm.stationUpdate],
        audit: { action: 'station.subscription.update', target: 'subscription' },
      },
      schema: {
        tags,
        summary: 'Change an event subscription (same rules as creating one)',
        body: SubscriptionUpdateBody,
        response: responses(StationSubscription),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.body.id };
      return ok(await service.updateSubscription(await callerOf(app, request), request.body));
    },
  );

  app.delete(
    '/station/subscription/:id',
    {
      config: {
        perm: [Perm.stationUpdate],
        audit: { action: 'station.subscription.delete', target: 'subscription' },
      },
      schema: {
        tags,
        summary: 'Delete an event subscription',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await service.deleteSubscription(await callerOf(app, request), request.params.id);
      return ok(null);
    },
  );
};
