// forwarding.set {protocol HTTP | MQTT | TCP | OFF, url | host + port, uploadInterval?}: from now on the
// logger sends a copy of each telemetry message to that endpoint (SPEC §3 forwarding settings): HTTP(S)
// POSTs the JSON to `url`; MQTT publishes it to the topic in the path of `url` (mqtt://host:1883/topic,
// default sunfleet/{SN}/telemetry); TCP writes one JSON document per line to host:port. `uploadInterval`
// (5…3600 s) thins the copies out. OFF stops forwarding. The setting survives restarts.
import { ProtocolLimits } from '@sunfleet/contracts';
import { CommandError, intParam, stringParam, type CommandHandler, type ForwardingConfig } from './types.js';

const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;

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
  let config: ForwardingConfig;
  switch (protocol) {
    case 'HTTP':
      config = {
        protocol,
        url: stringParam(params, 'url', /^https?:\/\/[^\s/]+\S{0,2000}$/, 'an http(s) URL'),
      };
      break;
    case 'MQTT':
      config = {
        protocol,
        url: stringParam(params, 'url', /^mqtts?:\/\/[^\s/]+\S{0,2000}$/, 'an mqtt(s):// URL'),
      };
      break;
    case 'TCP':
      config = {
        protocol,
        host: stringParam(params, 'host', HOST, 'a host name or IPv4 address'),
        port: intParam(params, 'port', 1, 65_535),
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
