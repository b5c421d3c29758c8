import dayjs, { type Dayjs } from 'dayjs';
import { StationLimits, type GridType, type StationType } from '@sunfleet/contracts';
import type { StationDefaults } from '@sunfleet/contracts';
import type { StationCreateBody, StationDetail, StationPicture } from '../api';

/** The station form's values (antd Form). */
export interface StationFormValues {
  name: string;
  type: StationType;
  address?: string;
  longitude?: number | null;
  latitude?: number | null;
  installedAt?: Dayjs | null;
  gridType?: GridType | null;
  ownerUserId?: number | null;
  capacityKwp: number;
  /**
   * Required; a new station's form starts without them (no made-up 0.00): they are proposed for the
   * position (proposedValues) or typed.
   */
  price: number;
  currency: string;
  timeZone: string;
  pictures?: StationPicture[];
}

/** The browser's IANA zone, the form's default time zone. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const blankToNull = (v: number | null | undefined): number | null => (v === undefined ? null : v);

/**
 * The calendar date (YYYY-MM-DD) of an instant in the station's time zone: the API stores an installation
 * date as midnight there, so the UTC date of the instant may be the day before.
 */
export function stationLocalDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso.slice(0, 10);
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(date);
    const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return iso.slice(0, 10);
  }
}

/** The request body of POST /api/station (PUT adds the id and keeps the station's company). */
export function toStationBody(values: StationFormValues): StationCreateBody {
  const address = values.address?.trim() ?? '';
  return {
    name: values.name.trim(),
    type: values.type,
    address: address === '' ? null : address,
    longitude: blankToNull(values.longitude),
    latitude: blankToNull(values.latitude),
    installedAt: values.installedAt ? values.installedAt.format('YYYY-MM-DD') : null,
    gridType: values.gridType ?? null,
    capacityKwp: values.capacityKwp,
    price: values.price,
    currency: values.currency,
    timeZone: values.timeZone,
    pictures: (values.pictures ?? []).map((p) => p.fileId),
    ownerUserId: values.ownerUserId ?? null,
  };
}

/** The form's values for editing a station. */
export function toFormValues(station: StationDetail): StationFormValues {
  return {
    name: station.name,
    type: station.type,
    address: station.address ?? '',
    longitude: station.longitude,
    latitude: station.latitude,
    installedAt:
      station.installedAt === null ? null : dayjs(stationLocalDate(station.installedAt, station.timeZone)),
    gridType: station.gridType,
    ownerUserId: station.ownerUserId,
    capacityKwp: station.capacityKwp,
    price: station.price,
    currency: station.currency,
    timeZone: station.timeZone,
    pictures: station.pictures,
  };
}

/**
 * A translation key when exactly one of longitude and latitude is given (the API wants both or neither),
 * else null.
 */
export function coordinatesProblem(longitude: unknown, latitude: unknown): string | null {
  const has = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
  return has(longitude) === has(latitude) ? null : 'stationForm.coordinatesPair';
}

/** Whether one more picture may be added. */
export function canAddPicture(count: number): boolean {
  return count < StationLimits.picturesMax;
}

/** The fields a new station's form proposes from its position. */
export type ProposedField = 'timeZone' | 'currency' | 'price';
export type Proposal = Partial<{ timeZone: string; currency: string | undefined; price: number | undefined }>;

/** Both coordinates as valid numbers on the map, else undefined (nothing to ask about yet). */
export function positionOf(
  longitude: unknown,
  latitude: unknown,
): { longitude: number; latitude: number } | undefined {
  const within = (v: unknown, min: number, max: number): v is number =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
  return within(longitude, StationLimits.longitudeMin, StationLimits.longitudeMax) &&
    within(latitude, StationLimits.latitudeMin, StationLimits.latitudeMax)
    ? { longitude, latitude }
    : undefined;
}

/**
 * The values to set from what the server proposes for a position (GET /station/defaults). A field the
 * user has set is kept. The others take the proposal; a currency or price the new place has none for is
 * emptied, since it was proposed for another place (the price then stays empty and required: no made-up
 * 0.00). A place without a zone (the open sea) leaves the zone as it is. A key present with `undefined`
 * means "empty the field".
 */
export function proposedValues(
  proposal: StationDefaults,
  userSet: (field: ProposedField) => boolean,
): Proposal {
  const out: Proposal = {};
  if (proposal.timeZone !== null && !userSet('timeZone')) out.timeZone = proposal.timeZone;
  if (!userSet('currency')) out.currency = proposal.currency ?? undefined;
  if (!userSet('price')) out.price = proposal.price ?? undefined;
  return out;
}
