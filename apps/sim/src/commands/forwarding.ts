// forwarding.set {protocol HTTP | MQTT | TCP | OFF, url | host + port, uploadInterval?, serialPort?,
// baudRate?, parity?, stopBits?, acquisitionInterval?}: from now on the logger sends a copy of each
// telemetry message to that endpoint (SPEC §3 forwarding settings): HTTP(S) POSTs the JSON to `url`; MQTT
// publishes it to the topic in the path of `url` (mqtt://host:1883/topic, default sunfleet/{SN}/telemetry);
// TCP writes one JSON document per line to host:port. `uploadInterval` (5…3600 s) thins the copies out.
// The serial settings (the RS485 port 1…4, baud rate, check bit, stop bits, and how often the devices are
// polled) default to port 1, 9600 baud, no parity, 1 stop bit, every 60 s; they are checked, kept with
// the setting and echoed (the simulated devices sit on no real serial line, and sampling stays the
// logger's `sampleInterval`). OFF stops forwarding. The setting survives restarts.
import { BAUD_RATES, PARITIES, ProtocolLimits } from '@sunfleet/contracts';
import { isRecord } from '../logger/state-file.js';
import {
  CommandError,
  intParam,
  stringParam,
  type CommandHandler,
  type ForwardingConfig,
  type SerialSettings,
} from './types.js';

const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;

/** The contracts' lists (the cloud's ForwardingConfig offers the same). */
export const FORWARDING_BAUD_RATES: readonly number[] = BAUD_RATES;
export const FORWARDING_PARITIES = PARITIES;
export const FORWARDING_SERIAL_PORTS = { min: 1, max: 4 } as const;
export const FORWARDING_ACQUISITION_INTERVAL = { min: 5, max: 3_600 } as const;
/** What a forwarding.set without serial settings gets. */
export const FORWARDING_SERIAL_DEFAULTS: Readonly<SerialSettings> = Object.freeze({
  serialPort: 1,
  baudRate: 9600,
  parity: 'NONE',
  stopBits: 1,
  acquisitionInterval: 60,
});

/** The serial settings of a forwarding.set, checked, with the defaults for those left out. */
export function serialSettings(params: Record<string, unknown>): SerialSettings {
  const d = FORWARDING_SERIAL_DEFAULTS;
  const serialPort = intParam(
    params,
    'serialPort',
    FORWARDING_SERIAL_PORTS.min,
    FORWARDING_SERIAL_PORTS.max,
    d.serialPort,
  );
  const baudRate = params.baudRate ?? d.baudRate;
  if (typeof baudRate !== 'number' || !FORWARDING_BAUD_RATES.includes(baudRate)) {
    throw new CommandError('invalid-params', `baudRate must be one of ${FORWARDING_BAUD_RATES.join(', ')}`);
  }
  const parity = params.parity ?? d.parity;
  if (!FORWARDING_PARITIES.some((p) => p === parity)) {
    throw new CommandError('invalid-params', `parity must be ${FORWARDING_PARITIES.join(', ')}`);
  }
  const stopBits = params.stopBits ?? d.stopBits;
  if (stopBits !== 1 && stopBits !== 2) throw new CommandError('invalid-params', 'stopBits must be 1 or 2');
  const acquisitionInterval = intParam(
    params,
    'acquisitionInterval',
    FORWARDING_ACQUISITION_INTERVAL.min,
    FORWARDING_ACQUISITION_INTERVAL.max,
    d.acquisitionInterval,
  );
  return {
    serialPort,
    baudRate,
    parity: parity as SerialSettings['parity'],
    stopBits,
    acquisitionInterval,
  };
}

/**
 * A forwarding setting read back from the state file: a setting saved before the serial settings
 * existed gets their defaults; anything unusable is dropped (null: no forwarding).
 */
export function storedForwarding(value: unknown): ForwardingConfig | null {
  if (!isRecord(value)) return null;
  const { protocol } = value;
  if (protocol !== 'HTTP' && protocol !== 'MQTT' && protocol !== 'TCP') return null;
  let serial: SerialSettings;
  try {
    serial = serialSettings(value);
  } catch {
    serial = { ...FORWARDING_SERIAL_DEFAULTS };
  }
  return { ...(value as unknown as ForwardingConfig), ...serial, protocol };
}

export const forwardingSet: CommandHandler = ({ request, target }) => {
  const params = request.params;
  const protocol = params.protocol;
  if (protocol === 'OFF') {
    target.setForwarding(null);
    return { protocol: 'OFF' };
  }
  if (protocol !== 'HTTP' && protocol !== 'MQTT' && protocol !== 'TCP') {
    throw new CommandError('invalid-params', 'protocol must be HTTP, MQTT, TCP or OFF');
  }
  const interval =
    params.uploadInterval === undefined
      ? undefined
      : intParam(
          params,
          'uploadInterval',
          ProtocolLimits.uploadIntervalMin,
          ProtocolLimits.uploadIntervalMax,
        );
  const serial = serialSettings(params);
  let config: ForwardingConfig;
  switch (protocol) {
    case 'HTTP':
      config = {
        protocol,
        url: stringParam(params, 'url', /^https?:\/\/[^\s/]+\S{0,2000}$/, 'an http(s) URL'),
        ...serial,
      };
      break;
    case 'MQTT':
      config = {
        protocol,
        url: stringParam(params, 'url', /^mqtts?:\/\/[^\s/]+\S{0,2000}$/, 'an mqtt(s):// URL'),
        ...serial,
      };
      break;
    case 'TCP':
      config = {
        protocol,
        host: stringParam(params, 'host', HOST, 'a host name or IPv4 address'),
        port: intParam(params, 'port', 1, 65_535),
        ...serial,
      };
      break;
  }
  try {
    if (config.url !== undefined) new URL(config.url);
  } catch {
    throw new CommandError('invalid-params', 'url is not a valid URL');
  }
  if (interval !== undefined) config.uploadInterval = interval;
  target.setForwarding(config);
  return { ...config };
};
