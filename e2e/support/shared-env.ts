// The environment of the server the e2e files share (global-setup.ts boots it once per run). It combines what
// the files need where that is harmless to the others:
// - WEBHOOK_ALLOW_PRIVATE: alarms.e2e.ts sends webhooks to a receiver on loopback, which the server refuses
//   otherwise. Only that file creates webhooks.
// - SIM_FLEET: the demo fleet with its loggers uploading every 30 s instead of every 5 minutes, so the first
//   readings and a few history rows arrive within a minute (devices.e2e.ts, remote.e2e.ts,
//   share-search.e2e.ts wait for them). A logger counts as offline after three silent intervals and a
//   minute's grace (2.5 minutes), which a running simulator never comes near.
// - REGIONAL_SERVERS: server-selector.e2e.ts's regional servers on other hosts. It changes only the login
//   header's server list (GET /api/config `servers`), which no other file reads.
// - the users only the operator CLI can create (names the API refuses), seeded before the server starts.
//   Files create their other users through the API in their own beforeAll.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const EU_LOGIN = 'http://eu.sunfleet.test/#/login/index';
export const NA_LOGIN = 'http://na.sunfleet.test/#/login/index';

/** web-foundation.e2e.ts: a user name containing markup, which the console must render as text. */
export const MARKUP_USER = { username: '<img src=x onerror=alert(1)>', password: 'Owner#E2e-2026' } as const;

/**
 * The demo fleet (apps/sim/fleets/demo.json) with its loggers uploading every 30 s instead of every
 * 5 minutes, written to `dir`; answers the file's path.
 */
export function quickDemoFleet(dir: string): string {
  const demo = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../apps/sim/fleets/demo.json'), 'utf8'),
  ) as { stations: { loggers: { uploadInterval?: number }[] }[] };
  for (const station of demo.stations) for (const logger of station.loggers) logger.uploadInterval = 30;
  const path = join(dir, 'fleet.json');
  writeFileSync(path, JSON.stringify(demo));
  return path;
}

/** The shared server's environment on top of startServer's; the fleet file goes to `dir`. */
export function sharedServerEnv(dir: string): Record<string, string> {
  return {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SIM_FLEET: quickDemoFleet(dir),
    REGIONAL_SERVERS: JSON.stringify({ NorthAmericanServer: NA_LOGIN, EuropeanServer: EU_LOGIN }),
  };
}

/** The serial numbers of the demo fleet's loggers (SIM_FLEET), to tell them from loggers the files add. */
export function demoLoggerSns(): string[] {
  const demo = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../apps/sim/fleets/demo.json'), 'utf8'),
  ) as { stations: { loggers: { sn: string }[] }[] };
  return demo.stations.flatMap((s) => s.loggers.map((l) => l.sn));
}
