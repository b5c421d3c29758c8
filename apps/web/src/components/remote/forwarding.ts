// Protocol forwarding of a logger (SPEC §3 Forwarding settings; docs/protocol.md §6.1 forwarding.set): the
// form's values ⇄ the API's ForwardingConfig, and the endpoint each protocol needs. Pure.
import type { ApiBody, ApiData } from '../../lib/request';

// The OpenAPI-generated types: contracts' ForwardingConfig builds baudRate from a mapped array of literals,
// which TypeBox's Static cannot see through (it comes out as undefined).
export type ForwardingConfig = ApiBody<'put', '/api/remote/forwarding/{gatewayId}'>;
export type ForwardingSettings = ApiData<'get', '/api/remote/forwarding/{gatewayId}'>;

export type ForwardingProtocol = ForwardingConfig['protocol'];

/** The form: every field the console offers, whatever the protocol. */
export interface ForwardingForm {
  protocol: ForwardingProtocol;
  url?: string;
  host?: string;
  port?: number;
  uploadInterval?: number;
  serialPort?: number;
  baudRate?: ForwardingConfig['baudRate'];
  parity?: ForwardingConfig['parity'];
  stopBits?: ForwardingConfig['stopBits'];
  acquisitionInterval?: number;
}

/** Which endpoint a protocol needs: a URL (HTTP, MQTT), a host and port (TCP), or none (OFF). */
export function endpointOf(protocol: ForwardingProtocol): 'url' | 'hostPort' | 'none' {
  switch (protocol) {
    case 'HTTP':
    case 'MQTT':
      return 'url';
    case 'TCP':
      return 'hostPort';
    case 'OFF':
      return 'none';
  }
}

const URL_PATTERN: Record<'HTTP' | 'MQTT', RegExp> = {
  HTTP: /^https?:\/\/[^\s/?#]+[^\s]*$/i,
  // mqtt(s)://host:port/topic — the topic copies are published to.
  MQTT: /^mqtts?:\/\/[^\s/:?#]+:\d{1,5}\/[^\s#+]+$/i,
};

/** Null when the URL suits the protocol; the failure's translation key otherwise. */
export function urlProblem(protocol: 'HTTP' | 'MQTT', url: string | undefined): string | null {
  if (url === undefined || url.trim() === '') return 'remoteSettings.forwarding.urlRequired';
  return URL_PATTERN[protocol].test(url.trim()) ? null : `remoteSettings.forwarding.urlInvalid.${protocol}`;
}

/** The form's values as the API takes them: only the fields set, and only the protocol's endpoint. */
export function toForwardingConfig(form: ForwardingForm): ForwardingConfig {
  const endpoint = endpointOf(form.protocol);
  const optional = <K extends keyof ForwardingConfig>(
    key: K,
    value: ForwardingConfig[K] | undefined | null,
  ) => (value === undefined || value === null ? {} : { [key]: value });
  return {
    protocol: form.protocol,
    ...(endpoint === 'url' ? optional('url', form.url?.trim()) : {}),
    ...(endpoint === 'hostPort'
      ? { ...optional('host', form.host?.trim()), ...optional('port', form.port) }
      : {}),
    ...optional('uploadInterval', form.uploadInterval),
    ...optional('serialPort', form.serialPort),
    ...optional('baudRate', form.baudRate),
    ...optional('parity', form.parity),
    ...optional('stopBits', form.stopBits),
    ...optional('acquisitionInterval', form.acquisitionInterval),
  };
}

/** The form starts from the setting last sent, else forwarding off over the usual RS485 defaults. */
export function formOf(settings: ForwardingSettings | undefined): ForwardingForm {
  return (
    settings?.config ?? {
      protocol: 'OFF',
      serialPort: 1,
      baudRate: 9600,
      parity: 'NONE',
      stopBits: 1,
      acquisitionInterval: 60,
      uploadInterval: 300,
    }
  );
}

/** Where the last setting stands: pending, applied (DONE) or failed, or never sent. */
export function deliveryOf(
  settings: ForwardingSettings | undefined,
): 'none' | 'pending' | 'applied' | 'failed' {
  const state = settings?.state ?? null;
  if (settings?.config === null || settings === undefined || state === null) return 'none';
  if (state === 'DONE') return 'applied';
  if (state === 'FAILED' || state === 'EXPIRED') return 'failed';
  return 'pending';
}
