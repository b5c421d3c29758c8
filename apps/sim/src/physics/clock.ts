// Local civil time of a site from its IANA time zone (Intl, no I/O): the UTC offset is looked up per
// quarter hour of simulated time and zone (DST changes happen on quarter hours), in a cache shared by every
// clock of that zone. A clock first asks for the first and last quarter hour of a UTC day: when they agree
// (no change of offset that day: all days but two a year) the day needs no other look-up, so stepping a
// year costs two Intl calls a day per zone rather than 96.

const MS_PER_DAY = 86_400_000;
const BUCKET_MS = 900_000;

export interface LocalTime {
  /** Days since 1970-01-01 in local time. */
  dayIndex: number;
  /** Minutes after local midnight (fractional). */
  minuteOfDay: number;
  /** UTC offset, minutes. */
  offsetMinutes: number;
}

/** One zone's formatter and its most recent quarter hours (a small ring, for fleets slightly out of step). */
interface ZoneCache {
  format: Intl.DateTimeFormat;
  buckets: Float64Array;
  offsets: Float64Array;
  next: number;
}

const zones = new Map<string, ZoneCache>();
const RING = 8;

function zoneCache(timeZone: string): ZoneCache {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
      buckets: new Float64Array(RING).fill(Number.NaN),
      offsets: new Float64Array(RING),
      next: 0,
    };
    zones.set(timeZone, zone);
  }
  return zone;
}

function lookUpOffset(zone: ZoneCache, bucket: number): number {
  for (let k = 0; k < RING; k++) if (zone.buckets[k] === bucket) return zone.offsets[k] ?? 0;
  const at = bucket * BUCKET_MS;
  const parts: Record<string, number> = {};
  for (const part of zone.format.formatToParts(at)) parts[part.type] = Number(part.value);
  const local = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = local - at;
  zone.buckets[zone.next] = bucket;
  zone.offsets[zone.next] = offset;
  zone.next = (zone.next + 1) % RING;
  return offset;
}

export class LocalClock {
  readonly timeZone: string;
  private readonly zone: ZoneCache;
  private bucket = Number.NaN;
  private offsetMs = 0;
  private day = Number.NaN;
  /** The offset of the whole UTC day `day`, or NaN when it changes that day. */
  private dayOffsetMs = Number.NaN;
  readonly now: LocalTime = { dayIndex: 0, minuteOfDay: 0, offsetMinutes: 0 };

  /** Throws RangeError for an unknown time zone. */
  constructor(timeZone: string) {
    this.timeZone = timeZone;
    this.zone = zoneCache(timeZone);
  }

  /** UTC offset at an instant, milliseconds (local = UTC + offset). */
  offsetAt(epochMs: number): number {
    const day = Math.floor(epochMs / MS_PER_DAY);
    if (day !== this.day) {
      this.day = day;
      const first = day * (MS_PER_DAY / BUCKET_MS);
      const start = lookUpOffset(this.zone, first);
      const end = lookUpOffset(this.zone, first + MS_PER_DAY / BUCKET_MS - 1);
      this.dayOffsetMs = start === end ? start : Number.NaN;
    }
    if (!Number.isNaN(this.dayOffsetMs)) return this.dayOffsetMs;
    const bucket = Math.floor(epochMs / BUCKET_MS);
    if (bucket !== this.bucket) {
      this.bucket = bucket;
      this.offsetMs = lookUpOffset(this.zone, bucket);
    }
    return this.offsetMs;
  }

  /** Local day and minute of an instant, written into `now` (reused). */
  at(epochMs: number): LocalTime {
    const offset = this.offsetAt(epochMs);
    const local = epochMs + offset;
    const dayIndex = Math.floor(local / MS_PER_DAY);
    this.now.dayIndex = dayIndex;
    this.now.minuteOfDay = (local - dayIndex * MS_PER_DAY) / 60_000;
    this.now.offsetMinutes = offset / 60_000;
    return this.now;
  }
}
