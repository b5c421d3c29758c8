// The operations an API key may call, each with the scope it needs (docs/api-keys.md). This table is the
// allow-list: any other route answers 4003 apiKey.notForKeys to a key, whatever its scopes, so key
// management, accounts, organisation, sessions, settings and every other write stay out of reach. The
// route's own `perm` is still checked against the key's permissions (API_KEY_SCOPE_PERMS), so both the
// table and the permission catalogue have to agree before a key gets through.
import type { ApiKeyScope } from '@sunfleet/contracts';

export const API_KEY_OPERATIONS: Readonly<Record<string, ApiKeyScope>> = {
  // Stations: lists, details, statistics and status.
  'GET /api/station/list': 'stations',
  'GET /api/station/simple/list': 'stations',
  'GET /api/station/stats/index': 'stations',
  'GET /api/station/stats': 'stations',
  'GET /api/station/locations': 'stations',
  'GET /api/station/:id': 'stations',
  'GET /api/station/:id/status': 'stations',
  // Devices: loggers and the devices behind them.
  'GET /api/gateway/page': 'devices',
  'GET /api/gateway/:id': 'devices',
  'GET /api/station/gateway/page': 'devices',
  'GET /api/station/:id/gateway/page': 'devices',
  'GET /api/station/gateway/inverterPage': 'devices',
  'GET /api/station/:id/electricityMeter/page': 'devices',
  'GET /api/device/:id': 'devices',
  'GET /api/device/:id/pvStrings': 'devices',
  // Telemetry: latest values, history, roll-ups, charts and the history export.
  'GET /api/device/:id/latest': 'telemetry',
  'GET /api/device/:id/history': 'telemetry',
  'GET /api/device/:id/rollup': 'telemetry',
  'GET /api/device/:id/history/export': 'telemetry',
  'GET /api/station/:id/rollup': 'telemetry',
  'GET /api/station/powerChartData': 'telemetry',
  'GET /api/station/electricityChartData': 'telemetry',
  // Alarms: read only (acknowledging and clearing stay with people).
  'GET /api/alarm/page': 'alarms',
  'GET /api/alarm/:id': 'alarms',
  'GET /api/alarm/export': 'alarms',
  // Commands: the only writes a key can make, and only with this scope.
  'POST /api/gateway/command': 'commands',
  'POST /api/command/:id/retry': 'commands',
  'GET /api/command/page': 'commands',
  'GET /api/command/:id': 'commands',
  'GET /api/gateway/command/page': 'commands',
  'GET /api/gateway/command/:id': 'commands',
  'POST /api/remote/register/read': 'commands',
  'POST /api/remote/register/write': 'commands',
};

/** The scope a key needs for a route (method and Fastify URL pattern), or null when keys may not call it. */
export function apiKeyScopeOf(method: string, url: string | undefined): ApiKeyScope | null {
  if (url === undefined) return null;
  const m = method === 'HEAD' ? 'GET' : method;
  return API_KEY_OPERATIONS[`${m} ${url}`] ?? null;
}
