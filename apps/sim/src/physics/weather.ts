// Ambient weather for a site: air temperature from a latitude climatology (annual mean and seasonal swing,
// lapse rate with elevation), a day-to-day anomaly that varies smoothly, and a diurnal cycle whose swing is
// large on clear days and small under cloud (minimum near dawn, maximum mid-afternoon); wind as a seeded
// Ornstein–Uhlenbeck process, windier in the afternoon and on cloudy days; humidity and pressure.
// Temperature is a pure function of time (random access); wind and pressure evolve with the steps.
import { Rng, hashUniform, mix32, ouStep } from './random.js';

export interface Climate {
  /** Annual mean air temperature, °C. */
  annualMeanC: number;
  /** Half the difference between the warmest and the coldest month, K. */
  seasonalAmplitudeK: number;
  /** Mean wind speed at 10 m, m/s. */
  meanWindMs: number;
}

/** A rough climatology from latitude and elevation (sea-level temperature falls ~0.45 K per degree poleward
 * of the tropics; the seasonal swing grows with latitude; −6.5 K per km of elevation). */
export function climateFor(latitude: number, elevationM: number): Climate {
  const abs = Math.abs(latitude);
  return {
    annualMeanC: 27 - 0.45 * Math.max(abs - 15, 0) - 0.0065 * elevationM,
    seasonalAmplitudeK: 1 + 0.2 * abs,
    meanWindMs: 2.5 + 0.03 * abs,
  };
}

export interface WeatherNow {
  ambientC: number;
  windMs: number;
  /** Wind direction, degrees from north. */
  windDirection: number;
  humidityPct: number;
  pressureHpa: number;
}

const MS_PER_DAY = 86_400_000;

export class WeatherModel {
  readonly climate: Climate;
  private readonly seed: number;
  private readonly southern: boolean;
  private readonly longitude: number;
  private readonly rng: Rng;
  private readonly seaLevelFactor: number;
  private wind: number;
  private direction: number;
  private pressureAnomaly = 0;
  readonly now: WeatherNow = {
    ambientC: 15,
    windMs: 3,
    windDirection: 225,
    humidityPct: 60,
    pressureHpa: 1013,
  };

  constructor(seed: number, latitude: number, longitude: number, elevationM: number, climate?: Climate) {
    this.climate = climate ?? climateFor(latitude, elevationM);
    this.seed = mix32(seed ^ 0x1b873593);
    this.southern = latitude < 0;
    this.longitude = longitude;
    this.rng = new Rng(mix32(this.seed ^ 0x7f4a7c15));
    this.seaLevelFactor = Math.exp(-elevationM / 8_434);
    this.wind = this.climate.meanWindMs;
    this.direction = 180 + 90 * this.rng.next();
  }

  /** Seasonal mean temperature of a day of the year, °C (coldest ~20 January north, ~20 July south). */
  seasonalMean(dayOfYear: number): number {
    const phase = ((dayOfYear - 20 + (this.southern ? 182.6 : 0)) / 365.25) * 2 * Math.PI;
    return this.climate.annualMeanC - this.climate.seasonalAmplitudeK * Math.cos(phase);
  }

  /** Day-to-day anomaly, K: a hashed normal per solar day, interpolated between the days' noons. */
  private anomaly(solarDays: number): number {
    const day = Math.floor(solarDays - 0.5);
    const fraction = solarDays - 0.5 - day;
    return this.dayAnomaly(day) * (1 - fraction) + this.dayAnomaly(day + 1) * fraction;
  }

  private dayAnomaly(day: number): number {
    const u1 = hashUniform(this.seed, day, 11) || 1e-12;
    const u2 = hashUniform(this.seed, day, 12);
    return 2.3 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /**
   * Air temperature (°C) at an instant. `dayOfYear` is the local day of the year and `dayClearness` the
   * day's mean clear-sky index (0.2 overcast … 1 clear), which sets the diurnal swing.
   */
  ambientAt(epochMs: number, dayOfYear: number, dayClearness: number): number {
    const solarDays = (epochMs + (this.longitude / 360) * MS_PER_DAY) / MS_PER_DAY;
    const solarHour = (solarDays - Math.floor(solarDays)) * 24;
    const swing = 3 + 9 * Math.min(Math.max(dayClearness, 0), 1.1);
    // Asymmetric cycle: rises 05:00→15:00, falls 15:00→05:00.
    const sinceMin = (solarHour - 5 + 24) % 24;
    const shape =
      sinceMin < 10 ? -Math.cos((Math.PI * sinceMin) / 10) : Math.cos((Math.PI * (sinceMin - 10)) / 14);
    return this.seasonalMean(dayOfYear) + this.anomaly(solarDays) + (swing / 2) * shape;
  }

  /** Advances wind and pressure `dt` seconds and computes the weather now. */
  step(epochMs: number, dt: number, dayOfYear: number, dayClearness: number): WeatherNow {
    const rng = this.rng;
    const solarHour = ((((epochMs / MS_PER_DAY + this.longitude / 360) % 1) + 1) % 1) * 24;
    const afternoon = 1 + 0.35 * Math.exp(-0.5 * ((solarHour - 14) / 3.5) ** 2);
    const mean = this.climate.meanWindMs * afternoon * (1 + 0.35 * (1 - Math.min(dayClearness, 1)));
    this.wind = ouStep(rng, this.wind, mean, mean * 0.45, 900, dt);
    this.direction = (this.direction + 4 * Math.sqrt(dt / 60) * rng.normal() + 360) % 360;
    this.pressureAnomaly = ouStep(
      rng,
      this.pressureAnomaly,
      -8 * (1 - Math.min(dayClearness, 1)),
      6,
      86_400,
      dt,
    );
    const ambient = this.ambientAt(epochMs, dayOfYear, dayClearness);
    const now = this.now;
    now.ambientC = ambient;
    now.windMs = Math.max(this.wind + 0.3 * rng.normal(), 0);
    now.windDirection = this.direction;
    // Relative humidity falls as the air warms through the day and rises under cloud.
    const relative = ambient - this.seasonalMean(dayOfYear);
    now.humidityPct = Math.min(Math.max(62 + 25 * (1 - Math.min(dayClearness, 1)) - 2.5 * relative, 12), 100);
    now.pressureHpa = (1_013.25 + this.pressureAnomaly) * this.seaLevelFactor;
    return now;
  }
}
