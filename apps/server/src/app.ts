import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { REQUEST_ID_HEADER } from '@sunfleet/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Registry } from 'prom-client';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { AccountService } from './modules/account/account.service.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { UsersRepository } from './modules/account/users.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { openChangeFeed, type ChangeFeed } from './db/change-feed.js';
import { ThrottleRepository } from './modules/auth/throttle.repository.js';
import { i18nRoutes } from './modules/i18n/i18n.routes.js';
import { TranslationsRepository } from './modules/i18n/translations.repository.js';
import { NavigationRepository } from './modules/navigation/navigation.repository.js';
import { navigationRoutes } from './modules/navigation/navigation.routes.js';
import { NavigationService } from './modules/navigation/navigation.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { organisationRoutes } from './modules/organisation/organisation.plugin.js';
import { securityModule } from './modules/security/security.module.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { auditLogRoutes } from './modules/audit/audit-log.routes.js';
import { gatewaysModule } from './modules/gateways/gateways.module.js';
import { registryRoutes } from './modules/registry/registry.plugin.js';
import { faultCodeRoutes } from './modules/fault-codes/fault-codes.routes.js';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.js';
import { alarmExportRoutes } from './modules/alarms/alarms-export.routes.js';
import { alarmRoutes } from './modules/alarms/alarms.routes.js';
import { alarmRuleRoutes } from './modules/alarms/rules.routes.js';
import { AlarmsService } from './modules/alarms/alarms.service.js';
import { UnreadAlarmCounts } from './modules/alarms/unread-counts.js';
import { commandRoutes } from './modules/commands/commands.routes.js';
import { CommandsService } from './modules/commands/commands.service.js';
import { registerTestRoutes } from './modules/remote/register-test.routes.js';
import { appReleaseRoutes } from './modules/app-release/app-release.routes.js';
import { AppReleaseService } from './modules/app-release/app-release.service.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { DocumentsService } from './modules/documents/documents.service.js';
import { firmwareRoutes } from './modules/firmware/firmware.routes.js';
import { FirmwareService } from './modules/firmware/firmware.service.js';
import { loadFirmwareKeyring, type FirmwareKeyring } from './modules/firmware/signing-key.js';
import { upgradeRoutes } from './modules/firmware/upgrade.routes.js';
import { wakeUpgradeRunners } from './modules/firmware/upgrade.runner.js';
import { UpgradeService } from './modules/firmware/upgrade.service.js';
import { recordingRoutes } from './modules/recording/recording.routes.js';
import { ivRoutes } from './modules/iv/iv.routes.js';
import { remoteRoutes } from './modules/remote/remote.routes.js';
import { RemoteService } from './modules/remote/remote.service.js';
import { stationChartsRoutes } from './modules/station-charts/station-charts.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { stationDevicesRoutes } from './modules/station-devices/station-devices.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { shareLinkRoutes } from './modules/share-links/share-links.routes.js';
import { bigScreenRoutes } from './modules/big-screen/big-screen.routes.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { FeedbackService } from './modules/feedback/feedback.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.js';
import { ClientErrorsService } from './modules/client-errors/client-errors.service.js';
import { versionRoutes } from './modules/version/version.routes.js';
import { paths } from './paths.js';
import { stationRoutes } from './modules/stations/stations.routes.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { authPlugin } from './plugins/auth.plugin.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { clientErrorHandler, envelopePlugin, frameworkErrors } from './plugins/envelope.plugin.js';
import { inputPlugin } from './plugins/input.plugin.js';
import { headersPlugin } from './plugins/headers.plugin.js';
import { priorityPlugin } from './plugins/priority.plugin.js';
import { metricsPlugin } from './plugins/metrics.plugin.js';
import { openapiPlugin } from './plugins/openapi.plugin.js';
import { webPlugin } from './plugins/web.plugin.js';
import { serializerCompiler } from './plugins/serialization.js';
import { validatorCompiler } from './plugins/validation.js';
import { auditPlugin } from './plugins/audit.plugin.js';
import { scopePlugin } from './modules/tenancy/scope.plugin.js';
import type { BrokerState } from './services/broker.js';
import { eq, sql } from 'drizzle-orm';
import { users } from './db/schema.js';
import { GUEST_USERNAME } from './bootstrap/seed-data.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  brokerState: () => BrokerState;
  version: string;
  webDist: string;
  /** Drops a logger's live MQTT connection (embedded broker in this process); absent elsewhere. */
  disconnectLogger?: (sn: string) => void;
  /** The firmware signing keys, loaded at the process's start; absent = loaded on first use. */
  firmwareKeyring?: FirmwareKeyring;
  /** Metrics of other services in this process, served with the API's at /metrics. */
  metricsRegistries?: readonly Registry[];
  /** Poll and heartbeat intervals of GET /live (tests shorten them); default LiveLimits. */
  live?: { pollIntervalMs?: number; alarmPollIntervalMs?: number; heartbeatMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes that make cached sessions, permissions and user info stale (tests await them). */
    changes: ChangeFeed;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Request ids: a sane incoming X-Request-Id is kept (tracing across a proxy), otherwise a new UUID. */
function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(header) ? header : randomUUID();
}

/**
 * Composes the HTTP application in a fixed order: external plugins, then ours (envelope, auth, metrics),
 * then the routes of each capability under /api, then the web console.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: deps.config.trustProxy,
    genReqId: (req) => requestId(req.headers[REQUEST_ID_HEADER]),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = deps.database.db;
  const changes = await openChangeFeed(deps.database, deps.logger);
  const stationAnswers = { changes, maxAgeMs: deps.config.stationFiguresMaxAgeMs };
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  const usersRepo = new UsersRepository(db);
  const alarmsService = new AlarmsService(db, deps.clock);
  const auth = new AuthService(
    new SessionsRepository(db),
    usersRepo,
    new ThrottleRepository(db),
    deps.clock,
    async () => {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${GUEST_USERNAME}`);
      const row = rows[0];
      if (!row) return null;
      const enabled = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, row.id));
      return enabled[0]?.disabled ? null : row.id;
    },
    new SessionCache(changes),
  );

  // First of the hooks: a request holds the embedded database's background work back from its arrival.
  if (deps.database.priority !== null) await app.register(priorityPlugin, { gate: deps.database.priority });
  await app.register(headersPlugin, { config: deps.config });
  await app.register(openapiPlugin, { version: deps.version });
  await app.register(envelopePlugin);
  await app.register(inputPlugin);
  const apiKeys = new ApiKeysService(db, deps.clock);
  await app.register(authPlugin, { auth, apiKeys });
  await app.register(metricsPlugin, {
    extra: deps.metricsRegistries ?? [],
    token: deps.config.metricsToken,
  });
  await app.register(auditPlugin, { db });
  await app.register(scopePlugin, { db });

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.url.startsWith('/api/'))
      reply.header('cache-control', reply.getHeader('cache-control') ?? 'no-store');
  });
  // A write is answered only once this process has dropped whatever it changed from its caches, so the
  // caller's next request sees it here at once (other processes drop it when the notification arrives).
  app.addHook('onSend', async (request) => {
    if (request.url.startsWith('/api/') && !SAFE_METHODS.has(request.method)) await changes.caughtUp();
  });

  const unreadAlarms = new UnreadAlarmCounts(alarmsService.repo, changes);
  let firmwareKeyring = deps.firmwareKeyring ?? null;
  const appReleases = new AppReleaseService({
    db,
    clock: deps.clock,
    maxBytes: deps.config.appReleaseMaxBytes,
    publicUrl: deps.config.publicUrl,
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth, guestLogin: deps.config.guestLogin });
      await api.register(accountRoutes, {
        account: new AccountService(usersRepo, changes),
        unreadAlarms,
      });
      await api.register(navigationRoutes, {
        navigation: new NavigationService(new NavigationRepository(db), changes),
      });
      await api.register(i18nRoutes, { translations: new TranslationsRepository(db) });
      await api.register(organisationRoutes, { db, clock: deps.clock });
      await api.register(securityModule, {
        db,
        clock: deps.clock,
        config: deps.config,
        auth,
        log: deps.logger,
      });
      await api.register(filesRoutes, { db });
      await api.register(referenceRoutes, { db, clock: deps.clock });
      await api.register(auditLogRoutes, { db, clock: deps.clock });
      await api.register(gatewaysModule, {
        db,
        clock: deps.clock,
        config: deps.config,
        ...(deps.disconnectLogger ? { disconnect: deps.disconnectLogger } : {}),
      });
      await api.register(registryRoutes, { db });
      await api.register(faultCodeRoutes, { db });
      await api.register(telemetryRoutes, { db, clock: deps.clock });
      await api.register(alarmRoutes, { alarms: alarmsService });
      await api.register(alarmExportRoutes, { alarms: alarmsService, db, clock: deps.clock });
      await api.register(alarmRuleRoutes, { db, clock: deps.clock });
      await api.register(commandRoutes, { db, clock: deps.clock, log: deps.logger });
      await api.register(remoteRoutes, {
        remote: new RemoteService({
          db,
          clock: deps.clock,
          changes,
          commands: new CommandsService({ db, clock: deps.clock, log: deps.logger }),
          answerWaitMs: deps.config.remoteAnswerWaitMs,
        }),
      });
      await api.register(registerTestRoutes, {
        db,
        clock: deps.clock,
        changes,
        answerWaitMs: deps.config.remoteAnswerWaitMs,
      });
      await api.register(ivRoutes, {
        db,
        clock: deps.clock,
        changes,
        answerWaitMs: deps.config.remoteAnswerWaitMs,
      });
      await api.register(recordingRoutes, {
        db,
        clock: deps.clock,
        changes,
        answerWaitMs: deps.config.remoteAnswerWaitMs,
      });
      await api.register(firmwareRoutes, {
        firmware: new FirmwareService({
          db,
          clock: deps.clock,
          // Loaded on first use when the process did not load it at start (suites, the OpenAPI generator).
          keyring: () =>
            (firmwareKeyring ??= loadFirmwareKeyring({
              ...deps.config.firmware,
              dataDir: deps.config.dataDir,
            })),
          settings: deps.config.firmware,
          publicUrl: deps.config.publicUrl,
        }),
        maxBytes: deps.config.firmware.maxBytes,
      });
      await api.register(documentsRoutes, {
        documents: new DocumentsService({ db, clock: deps.clock, maxBytes: deps.config.documentMaxBytes }),
        maxBytes: deps.config.documentMaxBytes,
      });
      await api.register(appReleaseRoutes, {
        releases: appReleases,
        maxBytes: deps.config.appReleaseMaxBytes,
      });
      await api.register(upgradeRoutes, {
        upgrades: new UpgradeService({ db, clock: deps.clock, onCreated: wakeUpgradeRunners }),
      });
      await api.register(stationChartsRoutes, {
        db,
        clock: deps.clock,
        weatherForecastUrl: deps.config.weatherForecastUrl,
        answers: stationAnswers,
      });
      await api.register(liveRoutes, {
        db,
        clock: deps.clock,
        changes,
        unreadAlarms,
        ...deps.live,
      });
      await api.register(stationDevicesRoutes, {
        db,
        clock: deps.clock,
        changes,
        answerWaitMs: deps.config.remoteAnswerWaitMs,
      });
      await api.register(devicesRoutes, { db, clock: deps.clock });
      await api.register(apiKeyRoutes, { apiKeys });
      await api.register(shareLinkRoutes, { db, clock: deps.clock, config: deps.config });
      await api.register(statisticsRoutes, { db, clock: deps.clock });
      await api.register(searchRoutes, { db, clock: deps.clock });
      await api.register(notificationRoutes, { db, clock: deps.clock, settings: deps.config.notify });
      await api.register(feedbackRoutes, {
        feedback: new FeedbackService({ db, clock: deps.clock, publicUrl: deps.config.publicUrl }),
      });
      await api.register(stationRoutes, {
        db,
        clock: deps.clock,
        answers: stationAnswers,
      });
      await api.register(bigScreenRoutes, { db, clock: deps.clock, answers: stationAnswers });
      await api.register(systemRoutes, {
        config: deps.config,
        database: deps.database,
        brokerState: deps.brokerState,
        version: deps.version,
        startedAt: Date.now(),
        appDownload: () => appReleases.appDownload(deps.config.appDownloadUrl),
      });
      await api.register(versionRoutes, {
        db,
        version: deps.version,
        migrationsFolder: paths.migrations,
        changelogFile: join(paths.repoRoot, 'CHANGELOG.md'),
      });
      await api.register(clientErrorRoutes, { errors: new ClientErrorsService(db, deps.clock) });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: deps.webDist });
  return app;
}
