import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { StationDetail } from '../api';
import {
  canAddPicture,
  coordinatesProblem,
  stationLocalDate,
  toFormValues,
  toStationBody,
} from './stationForm';

const detail: StationDetail = {
  id: 4,
  name: 'Barn roof',
  type: 'HOUSEHOLD_PV',
  status: 'ONLINE',
  address: null,
  longitude: 11.5,
  latitude: 48.1,
  capacityKwp: 9.8,
  powerKw: null,
  todayKwh: null,
  totalKwh: null,
  currency: 'EUR',
  price: 0.3,
  timeZone: 'Asia/Shanghai',
  companyId: 2,
  companyName: 'Demo',
  ownerUserId: null,
  ownerUsername: null,
  concern: false,
  simulated: false,
  // Midnight of 2024-05-01 in Shanghai is the evening before in UTC.
  installedAt: '2024-04-30T16:00:00.000Z',
  createdAt: '2024-05-01T00:00:00.000Z',
  gatewayCount: 0,
  deviceCount: 0,
  gridType: 'ZERO_EXPORT',
  pictures: [{ fileId: '0b6f7c2e-6a51-4c59-9d0e-2b1f4f0f7a11', url: '/api/files/x' }],
  monthKwh: null,
  yearKwh: null,
};

describe('station form', () => {
  it('reads the installation date in the station time zone, not UTC', () => {
    expect(stationLocalDate(detail.installedAt!, 'Asia/Shanghai')).toBe('2024-05-01');
    expect(stationLocalDate(detail.installedAt!, 'America/New_York')).toBe('2024-04-30');
  });

  it('round-trips a station through the form into the request body', () => {
    const body = toStationBody(toFormValues(detail));
    expect(body).toEqual({
      name: 'Barn roof',
      type: 'HOUSEHOLD_PV',
      address: null,
      longitude: 11.5,
      latitude: 48.1,
      installedAt: '2024-05-01',
      gridType: 'ZERO_EXPORT',
      capacityKwp: 9.8,
      price: 0.3,
      currency: 'EUR',
      timeZone: 'Asia/Shanghai',
      pictures: ['0b6f7c2e-6a51-4c59-9d0e-2b1f4f0f7a11'],
      ownerUserId: null,
    });
  });

  it('trims the name and address and sends blanks as null', () => {
    const body = toStationBody({
      name: '  New site ',
      type: 'RESIDENTIAL',
      address: '   ',
      installedAt: dayjs('2025-01-02'),
      capacityKwp: 1,
      price: 0,
      currency: 'USD',
      timeZone: 'UTC',
    });
    expect(body).toMatchObject({ name: 'New site', address: null, longitude: null, latitude: null });
    expect(body.installedAt).toBe('2025-01-02');
    expect(body.pictures).toEqual([]);
  });

  it('wants both coordinates or neither', () => {
    expect(coordinatesProblem(undefined, undefined)).toBeNull();
    expect(coordinatesProblem(10, 20)).toBeNull();
    expect(coordinatesProblem(0, 0)).toBeNull();
    expect(coordinatesProblem(10, null)).toBe('stationForm.coordinatesPair');
    expect(coordinatesProblem(undefined, 0)).toBe('stationForm.coordinatesPair');
  });

  it('allows at most six pictures', () => {
    expect(canAddPicture(5)).toBe(true);
    expect(canAddPicture(6)).toBe(false);
  });
});
