import {
  ConfigData,
  HealthData,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  HTTP_STATUS_OF,
  MessageKey,
  Status,
} from '@sunfleet/contracts';
import { Envelope } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import { ok, responses } from '../../lib/envelope.js';
import type { BrokerState } from '../../services/broker.js';

export interface SystemDeps {
  config: AppConfig;
  database: Database;
  brokerState: () => BrokerState;
  version: string;
  startedAt: number;
  /** The login page's app links: the current companion-app releases, else APP_DOWNLOAD_URL. */
  appDownload: () => Promise<ConfigData['appDownload']>;
}

export const systemRoutes: FastifyPluginAsyncTypebox<SystemDeps> = async (app, deps) => {
  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Public configuration: regional servers, languages, app download, map settings',
        response: responses(ConfigData),
      },
    },
    async (request) =>
      ok({
        version: deps.version,
        servers: deps.config.regionalServers.map((s) => ({
          key: s.key,
          title: `server.${s.key}`,
          value: s.url,
        })),
        languages: LANGUAGES.map((l) => ({ ...l })),
        defaultLanguage: DEFAULT_LANGUAGE,
        // The login page needs its config even when the releases cannot be read: then the configured URL.
        appDownload: await deps.appDownload().catch((error: unknown) => {
          request.log.warn({ err: error }, 'app releases unreadable; APP_DOWNLOAD_URL served');
          const url = deps.config.appDownloadUrl;
          return { url, android: url, ios: url };
        }),
        map: {
          tileUrl: deps.config.mapTileUrl,
          attribution: deps.config.mapTileAttribution,
          geocoderUrl: deps.config.mapGeocoderUrl,
        },
        weatherForecast: deps.config.weatherForecastUrl !== null,
        publicUrl: deps.config.publicUrlSet ? deps.config.publicUrl.replace(/\/$/, '') : null,
        guestLogin: deps.config.guestLogin,
      }),
  );

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Database and broker state; 5003 when the database cannot be reached',
        response: { 200: Envelope(HealthData), 503: Envelope(HealthData) },
      },
    },
    async (_request, reply) => {
      const database: 'up' | 'down' = (await deps.database.ping()) ? 'up' : 'down';
      const data = {
        database,
        broker: deps.brokerState(),
        services: [...deps.config.services] as string[],
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      };
      if (database === 'down') {
        return reply
          .code(HTTP_STATUS_OF[Status.UNAVAILABLE] as 503)
          .send({ status: Status.UNAVAILABLE, enMsg: MessageKey.UNAVAILABLE, data });
      }
      return ok(data);
    },
  );
};
