import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { StationDetail } from '../api';
import {
  canAddPicture,
  coordinatesProblem,
  positionOf,
  proposedValues,
  stationLocalDate,
  toFormValues,
  toStationBody,
  type ProposedField,
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

describe('proposals for a new station from its position', () => {
  const germany = {
    timeZone: 'Europe/Berlin',
    countryCode: 'DE',
    region: 'Germany',
    currency: 'EUR',
    price: 0.4,
  };
  const spain = { timeZone: 'Europe/Madrid', countryCode: 'ES', region: null, currency: 'EUR', price: null };
  const sea = { timeZone: null, countryCode: null, region: null, currency: null, price: null };
  const untouched = (): boolean => false;
  const touched =
    (...fields: ProposedField[]) =>
    (field: ProposedField): boolean =>
      fields.includes(field);

  it('asks only for a complete position on the map', () => {
    expect(positionOf(-3.7, 40.4)).toEqual({ longitude: -3.7, latitude: 40.4 });
    expect(positionOf(0, 0)).toEqual({ longitude: 0, latitude: 0 });
    expect(positionOf(-3.7, undefined)).toBeUndefined();
    expect(positionOf(null, 40.4)).toBeUndefined();
    expect(positionOf(181, 40.4)).toBeUndefined();
    expect(positionOf(10, -90.5)).toBeUndefined();
    expect(positionOf(Number.NaN, 1)).toBeUndefined();
  });

  it("proposes the position's zone, and the region's currency and price", () => {
    expect(proposedValues(germany, untouched)).toEqual({
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      price: 0.4,
    });
  });

  it('leaves the price empty where no region gives one, also after a place that had one', () => {
    const values = proposedValues(spain, untouched);
    expect(values).toEqual({ timeZone: 'Europe/Madrid', currency: 'EUR', price: undefined });
    // The key is there: the form empties the 0.40 proposed for Germany before.
    expect('price' in values).toBe(true);
  });

  it('never overwrites what the user set', () => {
    expect(proposedValues(germany, touched('timeZone', 'price'))).toEqual({ currency: 'EUR' });
    expect(proposedValues(spain, touched('currency', 'price', 'timeZone'))).toEqual({});
  });

  it('keeps the zone over the open sea, where there is none to propose', () => {
    const values = proposedValues(sea, untouched);
    expect('timeZone' in values).toBe(false);
    expect(values).toEqual({ currency: undefined, price: undefined });
  });
});
