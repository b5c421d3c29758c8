import { describe, expect, it } from 'vitest';
import {
  deliveryOf,
  endpointOf,
  formOf,
  toForwardingConfig,
  urlProblem,
  type ForwardingSettings,
} from './forwarding';

const settings = (over: Partial<ForwardingSettings>): ForwardingSettings => ({
  gatewayId: 1,
  config: { protocol: 'HTTP', url: 'http://x.example/in' },
  commandId: null,
  state: 'SENT',
  error: null,
  updatedAt: 1,
  ...over,
});

describe('forwarding form', () => {
  it('asks each protocol for its endpoint only', () => {
    expect(endpointOf('HTTP')).toBe('url');
    expect(endpointOf('MQTT')).toBe('url');
    expect(endpointOf('TCP')).toBe('hostPort');
    expect(endpointOf('OFF')).toBe('none');
    expect(
      toForwardingConfig({
        protocol: 'TCP',
        url: 'http://left.over/',
        host: ' 10.0.0.5 ',
        port: 9000,
        baudRate: 9600,
        stopBits: 1,
      }),
    ).toEqual({ protocol: 'TCP', host: '10.0.0.5', port: 9000, baudRate: 9600, stopBits: 1 });
    expect(
      toForwardingConfig({ protocol: 'HTTP', url: ' https://in.example/api ', host: 'h', port: 1 }),
    ).toEqual({
      protocol: 'HTTP',
      url: 'https://in.example/api',
    });
    expect(toForwardingConfig({ protocol: 'OFF', url: 'x', uploadInterval: 60 })).toEqual({
      protocol: 'OFF',
      uploadInterval: 60,
    });
  });

  it('checks the URL against the protocol', () => {
    expect(urlProblem('HTTP', 'https://in.example/api')).toBeNull();
    expect(urlProblem('HTTP', 'mqtt://in.example:1883/t')).toBe('remoteSettings.forwarding.urlInvalid.HTTP');
    expect(urlProblem('MQTT', 'mqtt://broker.example:1883/sunfleet/copy')).toBeNull();
    expect(urlProblem('MQTT', 'mqtt://broker.example/sunfleet')).toBe(
      'remoteSettings.forwarding.urlInvalid.MQTT',
    );
    expect(urlProblem('HTTP', ' ')).toBe('remoteSettings.forwarding.urlRequired');
  });

  it('starts from the last setting, and tells pending, applied and failed apart', () => {
    expect(formOf(undefined).protocol).toBe('OFF');
    expect(formOf(settings({})).protocol).toBe('HTTP');
    expect(deliveryOf(undefined)).toBe('none');
    expect(deliveryOf(settings({ config: null, state: null }))).toBe('none');
    expect(deliveryOf(settings({ state: 'ACKNOWLEDGED' }))).toBe('pending');
    expect(deliveryOf(settings({ state: 'DONE' }))).toBe('applied');
    expect(deliveryOf(settings({ state: 'EXPIRED' }))).toBe('failed');
    expect(deliveryOf(settings({ state: 'FAILED', error: 'invalid-params' }))).toBe('failed');
  });
});
