// The MQTT access rule, once, for every broker we run with: the embedded Aedes broker asks it per
// publish and subscription, the HTTP endpoints answer EMQX and mosquitto-go-auth with it, and the
// Mosquitto ACL file is written from the same filters (docs/operations.md "Device broker").
//
// A logger (client id = user name = its SN) publishes only below `sf/v1/{SN}/up/` and subscribes or
// receives only below `sf/v1/{SN}/down/`. The server's own user (the one in MQTT_URL) publishes commands
// below any logger's `down/` and consumes every logger's `up/` (also through the ingest's shared
// subscription). Nobody else may do anything.
import {
  INGEST_SHARE_GROUP,
  INGEST_TOPIC_FILTER,
  PATTERNS,
  PROTOCOL_VERSION,
  TOPIC_ROOT,
  loggerAcl,
} from '@sunfleet/contracts';

/** publish = write a message; subscribe = ask for a filter; read = receive one message on a topic. */
export type MqttAccess = 'publish' | 'subscribe' | 'read';

export type MqttPrincipal = { kind: 'logger'; sn: string } | { kind: 'server' };

const SN_RE = new RegExp(PATTERNS.loggerSn);
const VERSION_LEVEL = `v${PROTOCOL_VERSION}`;
const SHARE_PREFIX = `$share/${INGEST_SHARE_GROUP}/`;

export function isLoggerSn(value: string): boolean {
  return SN_RE.test(value);
}

/**
 * Who a connection is. The server user is matched first, by name (the password is checked elsewhere),
 * so a logger registered under the same name could never gain its rights; a logger must use its SN as
 * both client id and user name, so one logger cannot take over another's session by client id.
 */
export function principalOf(
  username: string | undefined,
  clientId: string | undefined,
  serverUser: string | null,
): MqttPrincipal | null {
  if (username === undefined || username === '') return null;
  if (serverUser !== null && username === serverUser) return { kind: 'server' };
  if (clientId !== username || !isLoggerSn(username)) return null;
  return { kind: 'logger', sn: username };
}

const hasWildcard = (topic: string): boolean => topic.includes('+') || topic.includes('#');

/** Strictly below `prefix` (which ends in '/') with at least one more non-empty level. */
const below = (topic: string, prefix: string): boolean =>
  topic.length > prefix.length && topic.startsWith(prefix);

function loggerMay(sn: string, access: MqttAccess, topic: string): boolean {
  const { publish, subscribe } = loggerAcl(sn);
  const up = publish.slice(0, -1); // 'sf/v1/SN/up/'
  const down = subscribe.slice(0, -1); // 'sf/v1/SN/down/'
  switch (access) {
    case 'publish':
      return below(topic, up) && !hasWildcard(topic);
    case 'read':
      return below(topic, down) && !hasWildcard(topic);
    case 'subscribe':
      // 'sf/v1/SN/down' itself, or any filter below it ('…/down/#', '…/down/cmd').
      return topic === down.slice(0, -1) || below(topic, down);
  }
}

/** Levels of a topic or filter below `sf/v1/`: [sn-or-+, direction, …rest] (null when not ours). */
function ourLevels(topic: string): string[] | null {
  const levels = topic.split('/');
  if (levels.length < 5 || levels[0] !== TOPIC_ROOT || levels[1] !== VERSION_LEVEL) return null;
  if (levels.slice(4).some((level) => level === '')) return null;
  return levels.slice(2);
}

function serverMay(access: MqttAccess, topic: string): boolean {
  switch (access) {
    case 'publish': {
      const levels = ourLevels(topic);
      return levels !== null && !hasWildcard(topic) && isLoggerSn(levels[0] ?? '') && levels[1] === 'down';
    }
    case 'read': {
      const levels = ourLevels(topic);
      return levels !== null && !hasWildcard(topic) && isLoggerSn(levels[0] ?? '') && levels[1] === 'up';
    }
    case 'subscribe': {
      // The ingest's shared subscription (only its own group), or the same filters unshared.
      const filter = topic.startsWith(SHARE_PREFIX) ? topic.slice(SHARE_PREFIX.length) : topic;
      if (filter === INGEST_TOPIC_FILTER) return true;
      const levels = ourLevels(filter);
      if (levels === null || levels[1] !== 'up') return false;
      const sn = levels[0] ?? '';
      return sn === '+' || isLoggerSn(sn);
    }
  }
}

/** The one access rule: true when `principal` may do `access` on `topic` (a filter for subscribe). */
export function mayAccess(principal: MqttPrincipal | null, access: MqttAccess, topic: string): boolean {
  if (principal === null || topic.length === 0 || topic.length > 1024) return false;
  return principal.kind === 'server' ? serverMay(access, topic) : loggerMay(principal.sn, access, topic);
}

/** The same rule as Mosquitto acl_file lines (`user …` then its `topic …` grants). */
export function mosquittoAclLines(
  principal: { kind: 'logger'; sn: string } | { kind: 'server'; username: string },
): string[] {
  if (principal.kind === 'logger') {
    const acl = loggerAcl(principal.sn);
    return [`user ${principal.sn}`, `topic write ${acl.publish}`, `topic read ${acl.subscribe}`];
  }
  return [
    `user ${principal.username}`,
    `topic write ${TOPIC_ROOT}/${VERSION_LEVEL}/+/down/#`,
    `topic read ${INGEST_TOPIC_FILTER}`,
  ];
}
