import { describe, expect, it } from 'vitest';
import { deviceDetailPath, gatewayDetailPath, meterDetailPath } from '../../../lib/paths';
import { stationIdOf } from './links';

describe('station detail links', () => {
  it('reads only a positive integer station id from the route', () => {
    expect(stationIdOf('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', '01', 'abc', '12345678901'])
      expect(stationIdOf(bad), String(bad)).toBeUndefined();
  });

  it('links to the device detail routes with the serial as the tab title', () => {
    expect(gatewayDetailPath(3, 'SN 1/A')).toBe('/gateway/detail/3?tagTitleSuffix=SN%201%2FA');
    expect(deviceDetailPath(4, 'INV1')).toBe('/device/detail/4?tagTitleSuffix=INV1');
    expect(meterDetailPath(5, 'M1')).toBe('/electricityMeter/detail/5?tagTitleSuffix=M1');
  });
});
