import {
  AlarmRule,
  AlarmRuleBody,
  AlarmRuleQuery,
  IdParams,
  MaintenanceWindow,
  MaintenanceWindowBody,
  MaintenanceWindowQuery,
  Page,
  pageWindow,
  Perm,
  type AuditAction,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ok, responses } from '../../lib/envelope.js';
import { RulesRepository } from './rules.repository.js';

const tags = ['alarms'];
const write = (action: AuditAction, target: string) => ({
  perm: [Perm.alarmUpdate],
  audit: { action, target },
});

/**
 * Alarm rules (what the cloud raises alarms on, docs/alarms.md) and maintenance windows. Station rules and
 * windows need the station (or device) in reach; global and model rules are the platform's to edit.
 */
export const alarmRuleRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const repo = new RulesRepository(db);

  app.get(
    '/alarmRule/page',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'Alarm rules: global and model rules, and those of stations within your reach',
        querystring: AlarmRuleQuery,
        response: responses(Page(AlarmRule)),
      },
    },
    async (request) =>
      ok(await repo.rulePage(await app.scopeOf(request), { ...request.query, ...pageWindow(request.query) })),
  );

  app.get(
    '/alarmRule/:id',
    {
      config: { perm: [Perm.alarmView] },
      schema: { tags, summary: 'One alarm rule', params: IdParams, response: responses(AlarmRule) },
    },
    async (request) => ok(await repo.rule(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/alarmRule',
    {
      config: write('alarmRule.create', 'alarmRule'),
      schema: {
        tags,
        summary: 'Add an alarm rule (a station rule, or a global or model rule for the platform)',
        body: AlarmRuleBody,
        response: responses(AlarmRule),
      },
    },
    async (request) => {
      const rule = await repo.createRule(await app.scopeOf(request), request.body, clock.now());
      request.auditDetail = { targetId: rule.id, kind: rule.kind, stationId: rule.stationId };
      return ok(rule);
    },
  );

  app.put(
    '/alarmRule/:id',
    {
      config: write('alarmRule.update', 'alarmRule'),
      schema: {
        tags,
        summary: 'Replace an alarm rule',
        params: IdParams,
        body: AlarmRuleBody,
        response: responses(AlarmRule),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id, kind: request.body.kind };
      return ok(
        await repo.updateRule(await app.scopeOf(request), request.params.id, request.body, clock.now()),
      );
    },
  );

  app.delete(
    '/alarmRule/:id',
    {
      config: write('alarmRule.delete', 'alarmRule'),
      schema: {
        tags,
        summary: 'Delete an alarm rule (its open alarms stay until cleared by hand)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await repo.deleteRule(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/maintenanceWindow/page',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'Maintenance windows of stations and devices within your reach',
        querystring: MaintenanceWindowQuery,
        response: responses(Page(MaintenanceWindow)),
      },
    },
    async (request) =>
      ok(
        await repo.windowPage(await app.scopeOf(request), { ...request.query, ...pageWindow(request.query) }),
      ),
  );

  app.get(
    '/maintenanceWindow/:id',
    {
      config: { perm: [Perm.alarmView] },
      schema: {
        tags,
        summary: 'One maintenance window',
        params: IdParams,
        response: responses(MaintenanceWindow),
      },
    },
    async (request) => ok(await repo.window(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/maintenanceWindow',
    {
      config: write('maintenanceWindow.create', 'maintenanceWindow'),
      schema: {
        tags,
        summary: 'Add a maintenance window: one-off (startsAt–endsAt) or weekly (weekday, startTime–endTime)',
        description:
          "Weekly times are the station's local time. Alarms raised inside are recorded, not notified.",
        body: MaintenanceWindowBody,
        response: responses(MaintenanceWindow),
      },
    },
    async (request) => {
      const created = await repo.createWindow(await app.scopeOf(request), request.body);
      request.auditDetail = {
        targetId: created.id,
        stationId: created.stationId,
        deviceId: created.deviceId,
      };
      return ok(created);
    },
  );

  app.put(
    '/maintenanceWindow/:id',
    {
      config: write('maintenanceWindow.update', 'maintenanceWindow'),
      schema: {
        tags,
        summary: 'Replace a maintenance window',
        params: IdParams,
        body: MaintenanceWindowBody,
        response: responses(MaintenanceWindow),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      return ok(await repo.updateWindow(await app.scopeOf(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/maintenanceWindow/:id',
    {
      config: write('maintenanceWindow.delete', 'maintenanceWindow'),
      schema: {
        tags,
        summary: 'Delete a maintenance window',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      request.auditDetail = { targetId: request.params.id };
      await repo.deleteWindow(await app.scopeOf(request), request.params.id);
      return ok(null);
    },
  );
};
