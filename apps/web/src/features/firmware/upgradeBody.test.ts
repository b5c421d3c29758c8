import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { upgradeBody } from './UpgradeNewPage';

const settings = {
  broadcast: false,
  canaryPercent: 10,
  waveSize: 20,
  failureThresholdPercent: 20,
  healthWatchMinutes: 30,
  retries: 1,
  rollback: false,
};

describe('the new upgrade task body', () => {
  it('names the devices one way only, as the chosen mode says (loggers for a logger image)', () => {
    const base = { firmwareId: 'f', stationId: 7, deviceIds: [1, 2], ...settings };
    expect(upgradeBody({ ...base, mode: 'devices' }, false)).toMatchObject({ deviceIds: [1, 2] });
    expect(upgradeBody({ ...base, mode: 'devices' }, false)).not.toHaveProperty('stationId');
    expect(upgradeBody({ ...base, mode: 'station' }, false)).toMatchObject({ stationId: 7 });
    expect(upgradeBody({ ...base, mode: 'station' }, false)).not.toHaveProperty('deviceIds');
    const model = upgradeBody({ ...base, mode: 'model' }, false);
    expect(upgradeBody({ ...base, mode: 'devices' }, true)).toMatchObject({ gatewayIds: [1, 2] });
    expect(upgradeBody({ ...base, mode: 'devices' }, true)).not.toHaveProperty('deviceIds');
    expect(model).toMatchObject({ allOfModel: true });
    expect(model).not.toHaveProperty('stationId');
    expect(model).not.toHaveProperty('scheduledAt');
  });

  it('sends the appointment as epoch milliseconds and the roll-out settings', () => {
    const at = dayjs('2030-01-02T03:04:00Z');
    expect(upgradeBody({ firmwareId: 'f', mode: 'model', scheduledAt: at, ...settings }, false)).toEqual({
      firmwareId: 'f',
      allOfModel: true,
      scheduledAt: at.valueOf(),
      ...settings,
    });
  });
});
