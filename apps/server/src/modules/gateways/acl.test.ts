import { describe, expect, it } from 'vitest';
import { mayAccess, mosquittoAclLines, principalOf, type MqttAccess, type MqttPrincipal } from './acl.js';

const A: MqttPrincipal = { kind: 'logger', sn: 'LOGGER-A1' };
const SERVER: MqttPrincipal = { kind: 'server' };

/** MQTT filter matching (what Mosquitto does with the ACL file's `topic` lines). */
function matches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

describe('principalOf', () => {
  it('is a logger only when client id = user name = a well-formed SN', () => {
    expect(principalOf('LOGGER-A1', 'LOGGER-A1', null)).toEqual(A);
    expect(principalOf('LOGGER-A1', 'LOGGER-B1', null)).toBeNull();
    expect(principalOf('bad/sn#', 'bad/sn#', null)).toBeNull();
    expect(principalOf('short', 'short', null)).toBeNull();
    expect(principalOf(undefined, 'LOGGER-A1', null)).toBeNull();
    expect(principalOf('', '', null)).toBeNull();
  });

  it('recognises the server user by name first, whatever its client id', () => {
    expect(principalOf('sunfleet-server', 'sunfleet-ingest-h-1-0', 'sunfleet-server')).toEqual(SERVER);
    // A logger registered under the server's name never gets the server's rights without its password,
    // and never its own: the name means the server.
    expect(principalOf('sunfleet-server', 'sunfleet-server', 'sunfleet-server')).toEqual(SERVER);
    expect(principalOf('sunfleet-server', 'sunfleet-server', null)).toEqual({
      kind: 'logger',
      sn: 'sunfleet-server',
    });
  });
});

describe('mayAccess', () => {
  const cases: [MqttPrincipal | null, MqttAccess, string, boolean][] = [
    [A, 'publish', 'sf/v1/LOGGER-A1/up/telemetry', true],
    [A, 'publish', 'sf/v1/LOGGER-A1/up/cmd/res', true],
    [A, 'publish', 'sf/v1/LOGGER-B1/up/telemetry', false],
    [A, 'publish', 'sf/v1/LOGGER-A1/up/', false],
    [A, 'publish', 'sf/v1/LOGGER-A1/up', false],
    [A, 'publish', 'sf/v1/LOGGER-A1/up/#', false],
    [A, 'publish', 'sf/v1/LOGGER-A1/down/cmd', false],
    [A, 'publish', 'sf/v2/LOGGER-A1/up/telemetry', false],
    [A, 'publish', 'sf/v1/LOGGER-A1x/up/telemetry', false],
    [A, 'subscribe', 'sf/v1/LOGGER-A1/down/#', true],
    [A, 'subscribe', 'sf/v1/LOGGER-A1/down/cmd', true],
    [A, 'subscribe', 'sf/v1/LOGGER-A1/down', true],
    [A, 'subscribe', 'sf/v1/LOGGER-A1/down#', false],
    [A, 'subscribe', 'sf/v1/LOGGER-A1/#', false],
    [A, 'subscribe', 'sf/v1/+/down/#', false],
    [A, 'subscribe', 'sf/v1/LOGGER-B1/down/#', false],
    [A, 'subscribe', '#', false],
    [A, 'subscribe', '$share/g/sf/v1/LOGGER-A1/down/#', false],
    [A, 'read', 'sf/v1/LOGGER-A1/down/cmd', true],
    [A, 'read', 'sf/v1/LOGGER-B1/down/cmd', false],
    [A, 'read', 'sf/v1/LOGGER-A1/up/telemetry', false],
    [SERVER, 'publish', 'sf/v1/LOGGER-B1/down/cmd', true],
    [SERVER, 'publish', 'sf/v1/+/down/cmd', false],
    [SERVER, 'publish', 'sf/v1/LOGGER-B1/up/telemetry', false],
    [SERVER, 'publish', 'sf/v1/LOGGER-B1/down/', false],
    [SERVER, 'subscribe', '$share/sunfleet-ingest/sf/v1/+/up/#', true],
    [SERVER, 'subscribe', 'sf/v1/+/up/#', true],
    [SERVER, 'subscribe', 'sf/v1/LOGGER-B1/up/telemetry', true],
    [SERVER, 'subscribe', '$share/other/sf/v1/+/up/#', false],
    [SERVER, 'subscribe', 'sf/v1/#', false],
    [SERVER, 'subscribe', 'sf/v1/+/down/#', false],
    [SERVER, 'subscribe', '#', false],
    [SERVER, 'read', 'sf/v1/LOGGER-B1/up/telemetry', true],
    [SERVER, 'read', 'sf/v1/LOGGER-B1/down/cmd', false],
    [null, 'publish', 'sf/v1/LOGGER-A1/up/telemetry', false],
    [A, 'publish', '', false],
  ];
  it.each(cases)('%j %s %s → %s', (principal, access, topic, expected) => {
    expect(mayAccess(principal, access, topic)).toBe(expected);
  });

  it('says the same as the Mosquitto ACL lines for every concrete topic', () => {
    const topics = [
      'sf/v1/LOGGER-A1/up/telemetry',
      'sf/v1/LOGGER-A1/up/cmd/res',
      'sf/v1/LOGGER-A1/down/cmd',
      'sf/v1/LOGGER-B1/up/hello',
      'sf/v1/LOGGER-B1/down/cmd',
      'sf/v1/LOGGER-A1/other',
      'other/topic',
    ];
    const grants = (lines: string[], kind: 'write' | 'read'): string[] =>
      lines.filter((l) => l.startsWith(`topic ${kind} `)).map((l) => l.slice(`topic ${kind} `.length));
    const loggerLines = mosquittoAclLines({ kind: 'logger', sn: 'LOGGER-A1' });
    const serverLines = mosquittoAclLines({ kind: 'server', username: 'srv' });
    expect(loggerLines[0]).toBe('user LOGGER-A1');
    expect(serverLines[0]).toBe('user srv');
    for (const topic of topics) {
      for (const [principal, lines] of [
        [A, loggerLines],
        [SERVER, serverLines],
      ] as const) {
        expect(mayAccess(principal, 'publish', topic), `${principal.kind} write ${topic}`).toBe(
          grants(lines, 'write').some((f) => matches(f, topic)),
        );
        expect(mayAccess(principal, 'read', topic), `${principal.kind} read ${topic}`).toBe(
          grants(lines, 'read').some((f) => matches(f, topic)),
        );
      }
    }
  });
});
