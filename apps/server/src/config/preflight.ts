// Checks made before anything heavy is loaded or opened: the ports the chosen services will listen on are
// free (a busy one is named by its variable). Kept apart from server.ts so the process entry can run it
// before importing the server's modules.
import { assertPortFree } from '../lib/listen.js';
import type { AppConfig } from './config.js';

export async function assertServicePortsFree(
  config: Pick<AppConfig, 'services' | 'port' | 'host' | 'mqttPort' | 'mqttUrl'>,
): Promise<void> {
  if (config.services.has('api')) await assertPortFree(config.port, config.host, 'PORT');
  if (config.services.has('broker') && config.mqttUrl === null)
    await assertPortFree(config.mqttPort, config.host, 'MQTT_PORT');
}
