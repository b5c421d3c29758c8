// Shared by the simulator's tests: a small site with one device of each kind, clear skies and no random
// faults, and instants at which its inverter works (noon) or sleeps (night).
import { siteFromModels } from '../devices/catalogue.js';
import type { SiteConfig } from '../site-config.js';

/** Munich, a June day (local noon and midnight, CEST). */
export const NOON = Date.parse('2026-06-10T13:00:00+02:00');
export const NIGHT = Date.parse('2026-06-10T01:00:00+02:00');

export function testSite(
  seed: string | number = 'fleet-test',
  overrides: Partial<SiteConfig> = {},
): SiteConfig {
  return {
    ...siteFromModels({
      id: 'site-1',
      seed,
      latitude: 48.14,
      longitude: 11.58,
      timeZone: 'Europe/Berlin',
      models: ['SF-INV-3P-10K', 'SF-BAT-10K', 'SF-MTR-3P', 'SF-WS-1'],
      faultRate: 0,
    }),
    cloudClimate: { clearDays: 0.999, overcastDays: 0.0005 },
    ...overrides,
  };
}

/** Polls `check` every 10 ms until it holds (tests of asynchronous delivery). */
export async function until(check: () => boolean, what = 'condition', timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
