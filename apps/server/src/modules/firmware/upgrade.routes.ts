// Upgrade tasks (docs/firmware.md "Upgrade tasks"): create, list, one with its devices, and the controls.
// SPEC §7's station upgrade list (GET /station/upgrade/list, stations.routes.ts) feeds the station choice.
import {
  Page,
  Perm,
  UPGRADE_HISTORY_MAX,
  UpgradeControlParams,
  UpgradeHistoryItem,
  UpgradeHistoryQuery,
  UpgradeTaskBody,
  UpgradeTaskIdParams,
  UpgradeTaskPageQuery,
  UpgradeTaskView,
} from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/auth.plugin.js';
import type { UpgradeService } from './upgrade.service.js';

const tags = ['upgrade'];

export const upgradeRoutes: FastifyPluginAsyncTypebox<{ upgrades: UpgradeService }> = async (
  app,
  { upgrades },
) => {
  app.post(
    '/upgrade/task',
    {
      config: { perm: [Perm.upgradeCreate], audit: { action: 'upgrade.create', target: 'upgradeTask' } },
      schema: {
        tags,
        summary:
          'Create an upgrade task: one image for chosen devices, a station, or every device of its models',
        description:
          'Exactly one of deviceIds (devices behind loggers), gatewayIds (loggers, for a GATEWAY image), ' +
          'stationId or allOfModel chooses the devices (else 4000 upgrade.targetRequired); a device or station ' +
          'outside your reach answers 4004 like a missing one. Everything is checked before anything is stored: ' +
          'SPEC §5 joint-upgrade rules (upgrade.deviceTypeMismatch, upgrade.modelMismatch, ' +
          'upgrade.boundAndUnbound, upgrade.differentLoggers for hand-picked devices, upgrade.siteTypeMismatch, ' +
          'upgrade.acrossSites for non-residential sites), versions (upgrade.belowMinVersion; upgrade.downgrade ' +
          'unless rollback), devices in another open task (upgrade.deviceBusy), scheduledAt later than now ' +
          '(rule.appointmentNotLater). The devices are split into a canary (canaryPercent, at least one) and ' +
          'waves of waveSize, or one wave for a broadcast; the task runs at once or waits for scheduledAt.',
        body: UpgradeTaskBody,
        response: responses(UpgradeTaskView),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const task = await upgrades.create(
        { scope: await app.scopeOf(request), userId: session.userId, companyId: session.companyId },
        request.body,
      );
      request.auditDetail = {
        targetId: task.id,
        firmwareId: task.firmwareId,
        version: task.version,
        devices: task.counts.total,
        waves: task.waves,
        state: task.state,
      };
      return ok(task);
    },
  );

  app.get(
    '/upgrade/task/page',
    {
      config: { perm: [Perm.upgradeView] },
      schema: {
        tags,
        summary: 'Upgrade tasks of your company (and the companies below it), newest first',
        description: 'Each with its device counts per state; devices are left out (see the detail).',
        querystring: UpgradeTaskPageQuery,
        response: responses(Page(UpgradeTaskView)),
      },
    },
    async (request) => ok(await upgrades.page(await app.scopeOf(request), request.query)),
  );

  app.get(
    '/upgrade/task/:id',
    {
      config: { perm: [Perm.upgradeView] },
      schema: {
        tags,
        summary: 'One upgrade task with every device: wave, state, progress, versions, error',
        params: UpgradeTaskIdParams,
        response: responses(UpgradeTaskView),
      },
    },
    async (request) => ok(await upgrades.detail(await app.scopeOf(request), request.params.id)),
  );

  app.post(
    '/upgrade/task/:id/:action',
    {
      config: { perm: [Perm.upgradeControl], audit: { action: 'upgrade.control', target: 'upgradeTask' } },
      schema: {
        tags,
        summary: 'Pause, resume, run now or cancel an upgrade task',
        description:
          'pause: a waiting or running task sends nothing more (devices under way finish); resume: a paused ' +
          'task goes on (a paused one that never started waits for its appointment again); run: a waiting task ' +
          'starts now; cancel: an open task ends and its devices not yet sent are skipped. Another state → ' +
          '4000 upgrade.notInState.',
        params: UpgradeControlParams,
        response: responses(UpgradeTaskView),
      },
    },
    async (request) => {
      request.auditDetail = { action: request.params.action };
      const task = await upgrades.control(
        await app.scopeOf(request),
        request.params.id,
        request.params.action,
      );
      request.auditDetail = { action: request.params.action, state: task.state };
      return ok(task);
    },
  );

  app.get(
    '/upgrade/history',
    {
      config: { perm: [Perm.deviceView] },
      schema: {
        tags,
        summary: "A device's firmware history: the upgrade tasks that took it, newest first",
        description:
          `Exactly one of deviceId (a device behind a logger) or gatewayId (the logger itself), else 4000 ` +
          `upgrade.targetRequired; outside your reach 4004 like a missing one. At most ${UPGRADE_HISTORY_MAX} ` +
          'entries: the task, the image version, the device state in it, from and to version, the error.',
        querystring: UpgradeHistoryQuery,
        response: responses(Type.Array(UpgradeHistoryItem)),
      },
    },
    async (request) => ok(await upgrades.history(await app.scopeOf(request), request.query)),
  );
};
