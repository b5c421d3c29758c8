// Protocol forwarding settings (SPEC §3; docs/remote.md "Forwarding"): the endpoint each protocol needs —
// HTTP an http(s) URL, MQTT an mqtt(s) URL (the topic in its path), TCP a host and a port, OFF none — is
// checked before anything is sent; the serial settings travel along unchanged.
import { RemoteMessage, type ForwardingConfig } from '@sunfleet/contracts';
import type { AppError } from '../../lib/errors.js';
import { invalidField } from '../reference/sql-helpers.js';

/** A DNS name or IPv4 address (the logger resolves it; no scheme, no port). */
const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;

const SCHEMES: Record<'HTTP' | 'MQTT', readonly string[]> = {
  HTTP: ['http:', 'https:'],
  MQTT: ['mqtt:', 'mqtts:'],
};

const refused = (field: string, why: string): AppError =>
  invalidField(`body.${field}`, RemoteMessage.forwardingEndpoint, why);

function checkUrl(config: ForwardingConfig, protocol: 'HTTP' | 'MQTT'): void {
  if (config.host !== undefined || config.port !== undefined) throw refused('host', `${protocol} takes a url`);
  if (config.url === undefined) throw refused('url', `${protocol} needs a url`);
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    throw refused('url', 'not a URL');
  }
  if (!SCHEMES[protocol].includes(url.protocol) || url.hostname === '' || /\s/.test(config.url))
    throw refused('url', `${protocol} needs ${SCHEMES[protocol].join(' or ')}//host…`);
}

/** Throws 4000 remote.forwardingEndpoint when the protocol's endpoint is missing, malformed or mixed. */
export function checkForwarding(config: ForwardingConfig): void {
  switch (config.protocol) {
    case 'HTTP':
    case 'MQTT':
      checkUrl(config, config.protocol);
      return;
    case 'TCP':
      if (config.url !== undefined) throw refused('url', 'TCP takes host and port');
      if (config.host === undefined || !HOST.test(config.host)) throw refused('host', 'TCP needs a host');
      if (config.port === undefined) throw refused('port', 'TCP needs a port');
      return;
    case 'OFF':
      if (config.url !== undefined || config.host !== undefined || config.port !== undefined)
        throw refused('protocol', 'OFF takes no endpoint');
      return;
  }
}
