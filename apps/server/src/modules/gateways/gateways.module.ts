import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { brokerAuthRoutes, serverMqttUser } from './broker-auth.routes.js';
import { GatewayDirectory } from './gateway-directory.js';
import { gatewayRoutes } from './gateways.routes.js';
import { GatewaysService } from './gateways.service.js';

export interface GatewaysModuleOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** Drops a logger's live MQTT connection after its secret changed (the broker's `disconnect`). */
  disconnect?: (sn: string) => void;
}

/** The loggers API and the external broker's authentication endpoints (Step 2b). */
export async function gatewaysModule(api: FastifyInstance, opts: GatewaysModuleOptions): Promise<void> {
  const serverUser = serverMqttUser(opts.config.mqttUrl);
  await api.register(gatewayRoutes, {
    gateways: new GatewaysService(opts.db, opts.clock, {
      disconnect: opts.disconnect ?? (() => undefined),
      serverUsername: serverUser?.username ?? null,
    }),
  });
  await api.register(brokerAuthRoutes, {
    directory: new GatewayDirectory(opts.db),
    secret: opts.config.mqttAuthSecret,
    serverUser,
  });
}
