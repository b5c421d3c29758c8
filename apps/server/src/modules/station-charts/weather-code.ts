// SPEC §3 weather codes from what we can know (docs/charts.md "Weather"): a station's weather sensor
// gives irradiance, so the sky follows from the clear-sky index (measured ÷ clear-sky irradiance); a
// forecast provider gives WMO codes, mapped to the same code list.

const DEG = Math.PI / 180;

/** Sun elevation (degrees) at an instant and place: NOAA's low-accuracy formulas (±0.5°, enough here). */
export function sunElevationDeg(ms: number, latitude: number, longitude: number): number {
  const days = ms / 86_400_000 + 2_440_587.5 - 2_451_545; // days since J2000.0
  const meanLong = (280.46 + 0.985_647_4 * days) % 360;
  const meanAnomaly = ((357.528 + 0.985_600_3 * days) % 360) * DEG;
  const eclipticLong = (meanLong + 1.915 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly)) * DEG;
  const obliquity = (23.439 - 0.000_000_4 * days) * DEG;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(eclipticLong));
  const rightAscension = Math.atan2(Math.cos(obliquity) * Math.sin(eclipticLong), Math.cos(eclipticLong));
  const gmstHours = (18.697_374_558 + 24.065_709_824_419_08 * days) % 24;
  const hourAngle = (gmstHours * 15 + longitude) * DEG - rightAscension;
  const lat = latitude * DEG;
  const sinElevation =
    Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle);
  return Math.asin(Math.max(-1, Math.min(1, sinElevation))) / DEG;
}

/** Clear-sky global horizontal irradiance (W/m²), Haurwitz model: 1098 · cos z · e^(−0.057 / cos z). */
export function clearSkyGhi(elevationDeg: number): number {
  const cosZ = Math.sin(elevationDeg * DEG);
  return cosZ <= 0 ? 0 : 1098 * cosZ * Math.exp(-0.057 / cosZ);
}

/** Below this sun elevation irradiance says too little about clouds to name the sky. */
const MIN_ELEVATION_DEG = 10;
/** The sun's centre this far below the horizon has set (refraction and its radius: the usual −0.833°). */
const SUNSET_ELEVATION_DEG = -0.833;

/** A new moon (2000-01-06 18:14 UTC) and the mean synodic month, for the moon's phase. */
const NEW_MOON_MS = Date.UTC(2000, 0, 6, 18, 14);
const SYNODIC_MONTH_MS = 29.530_588_853 * 86_400_000;

/**
 * The moon's phase as a SPEC §3 code (QWeather's 800 new moon, 801 waxing crescent, 802 first quarter,
 * 803 waxing gibbous, 804 full moon, 805 waning gibbous, 806 last quarter, 807 waning crescent), from the
 * mean synodic month (within a day of the true phase: enough for an eighth of the cycle).
 */
export function moonPhaseCode(ms: number): number {
  const age = ((((ms - NEW_MOON_MS) / SYNODIC_MONTH_MS) % 1) + 1) % 1;
  return 800 + (Math.round(age * 8) % 8);
}

/**
 * The sky from a measured irradiance: clear-sky index ≥ 0.75 sunny (100), ≥ 0.5 few clouds (102),
 * ≥ 0.3 partly cloudy (103), else overcast (104). After sunset the moon's phase (8xx): it is night, and
 * irradiance cannot tell the clouds. Near sunrise or sunset, or without coordinates or irradiance: 999
 * (not measurable) — irradiance cannot tell rain or snow either.
 */
export function skyCode(input: {
  ms: number;
  irradianceWm2: number | null;
  latitude: number | null;
  longitude: number | null;
}): number {
  const { irradianceWm2, latitude, longitude } = input;
  if (latitude === null || longitude === null) return 999;
  const elevation = sunElevationDeg(input.ms, latitude, longitude);
  if (elevation < SUNSET_ELEVATION_DEG) return moonPhaseCode(input.ms);
  if (irradianceWm2 === null || elevation < MIN_ELEVATION_DEG) return 999;
  const index = irradianceWm2 / clearSkyGhi(elevation);
  if (index >= 0.75) return 100;
  if (index >= 0.5) return 102;
  if (index >= 0.3) return 103;
  return 104;
}

/** WMO weather interpretation codes (Open-Meteo `weathercode`) → SPEC §3 codes; unknown → 999. */
const WMO: Record<number, number> = {
  0: 100, // clear sky → sunny
  1: 102, // mainly clear → few clouds
  2: 103, // partly cloudy
  3: 104, // overcast
  45: 501, // fog
  48: 501, // depositing rime fog
  51: 309, // drizzle light / moderate / dense → drizzle
  53: 309,
  55: 309,
  56: 313, // freezing drizzle → freezing rain
  57: 313,
  61: 305, // rain slight → light rain
  63: 306, // moderate rain
  65: 307, // heavy rain
  66: 313, // freezing rain
  67: 313,
  71: 400, // snow slight → light snow
  73: 401, // moderate snow
  75: 402, // heavy snow
  77: 499, // snow grains → snow
  80: 300, // rain showers slight → shower rain
  81: 301, // moderate → heavy shower rain
  82: 301, // violent → heavy shower rain
  85: 407, // snow showers slight → snow flurry
  86: 402, // snow showers heavy → heavy snow
  95: 302, // thunderstorm → thundershower
  96: 304, // thunderstorm with hail
  99: 304,
};

export function wmoToCode(wmo: number): number {
  return WMO[wmo] ?? 999;
}
