// A whole site advancing in time steps: sun (SPA), clear sky and clouds, plane-of-array irradiance,
// low-sun shading and module temperature per tracker (each with its own true orientation), the strings'
// conditions (tolerance, soiling, degraded strings, incidents), inverters, house load, battery dispatch by
// work mode, grid meter, weather station and faults. Each step returns the devices' measures keyed by the
// SunSpec measure keys of docs/protocol.md §5.2, and the alarm records that changed — the inverters'
// string alarms judged from those measures (string-monitor.ts).
//
// Power balance at the AC bus holds exactly at every step:
//   PV_AC + import + discharge = load + export + charge
// (the battery's and the inverters' losses are inside those devices). Off grid the site islands on its
// battery; without one (or with an empty one) it is dark and the unserved load is counted.
//
// The measures objects are reused from step to step (no allocation in the hot path): copy what you keep.
import { InverterState } from '@sunfleet/contracts';
import type { Battery, TimeSharedPeriod, WorkMode } from './physics/battery.js';
import { FAIMAN_OPEN_RACK, faimanTemperature, laggedTemperature } from './physics/celltemp.js';
import {
  aridLinke,
  extraterrestrialNormal,
  ineichenPerez,
  linkeTurbidity,
  newIrradiance,
} from './physics/clearsky.js';
import { LocalClock } from './physics/clock.js';
import { CloudField, cloudClimateFor } from './physics/clouds.js';
import { newDispatchPlan, planDispatch, settleIsland } from './physics/dispatch.js';
import { DeviceFaults, type AlarmRecord, type SimDeviceType } from './physics/faults.js';
import { DEFAULT_GRID, Grid } from './physics/grid.js';
import { LoadProfile, localDayOf, type LocalDay } from './physics/load.js';
import { GridMeter } from './physics/meter.js';
import type { IvCurve, MpptChannel } from './physics/pv-array.js';
import { Rng, seedOf } from './physics/random.js';
import { obstacleShade, rowShadedFraction, rowShadeLimit, rowShadeLoss } from './physics/shading.js';
import { soilingLoss } from './physics/soiling.js';
import type { StringFault } from './physics/string-faults.js';
import type { StringIncident, StringIncidentKind } from './physics/string-incidents.js';
import {
  estimateDeltaT,
  computeTopocentric,
  geocentricAt,
  newSolarPosition,
  type Observer,
} from './physics/spa.js';
import { erbsDecomposition, haydavies, newPlaneOfArray } from './physics/transposition.js';
import { WeatherModel } from './physics/weather.js';
import { checkSiteConfig, stringFaultProblems, type SiteConfig } from './site-config.js';
import {
  applyStringConditions,
  buildBattery,
  buildInverterUnit,
  loadIncidentWindow,
  updateActiveIncidents,
  type DeviceReading,
  type InverterUnit,
  writeWeatherStation,
} from './site-units.js';

export type { DeviceReading, InverterUnit, MeasureValues } from './site-units.js';

/** Site-wide flows of the last step, W, and energy totals since the start, Wh (exact, unrounded). */
export interface SiteFlows {
  pvW: number;
  loadW: number;
  /** + discharge, − charge. */
  batteryW: number;
  /** + import, − export. */
  gridW: number;
  ghi: number;
  pvWh: number;
  loadWh: number;
  unservedWh: number;
  chargeWh: number;
  dischargeWh: number;
  importWh: number;
  exportWh: number;
}

/** The result of a step. The object and its readings are reused by the next step: copy what you keep. */
export interface SiteStep {
  ts: number;
  readings: readonly DeviceReading[];
  /** Alarm records opened or closed during this step. */
  alarms: readonly AlarmRecord[];
  flows: Readonly<SiteFlows>;
}

const NO_ALARMS: readonly AlarmRecord[] = Object.freeze([]);

export class SiteSimulator {
  readonly config: SiteConfig;
  readonly units: InverterUnit[];
  readonly battery: Battery | null;
  readonly meter: GridMeter | null;
  readonly grid: Grid;
  private readonly clock: LocalClock;
  private readonly clouds: CloudField;
  private readonly weather: WeatherModel;
  private readonly load: LoadProfile;
  private readonly observer: Observer;
  private readonly position = newSolarPosition();
  private readonly clear = newIrradiance();
  private readonly sky = newIrradiance();
  private readonly poa = newPlaneOfArray();
  private readonly plan = newDispatchPlan();
  private readonly batteryFaults: DeviceFaults | null;
  private readonly meterFaults: DeviceFaults | null;
  private readonly weatherFaults: DeviceFaults | null;
  private readonly batteryReading: DeviceReading | null;
  private readonly meterReading: DeviceReading | null;
  private readonly weatherReading: DeviceReading | null;
  readonly readings: DeviceReading[] = [];
  /**
   * False: steps leave the devices' measures as they were (the physics, energy counters, flows and alarms
   * still advance) — for runs that only want energy, such as `yield`.
   */
  measuring = true;
  /** Per inverter and tracker: the sun elevation (degrees) below which its row may be shaded (0: never). */
  private readonly rowLimits: Float64Array[];
  private readonly allFaults: DeviceFaults[] = [];
  private day: LocalDay | null = null;
  private dayClearness = 0.7;
  /** The cloud climate's share of clear days (dry air: lower turbidity). */
  private readonly clearDays: number;
  /** Lost share of light by soiling today. */
  private soiling = 0;
  private lastTs = Number.NaN;
  private firstTs = Number.NaN;
  /** Configured faults not opened yet. */
  private scheduled: { sn: string; code: number; afterS: number }[];
  private moduleTempForStation = Number.NaN;
  readonly flows: SiteFlows = {
    pvW: 0,
    loadW: 0,
    batteryW: 0,
    gridW: 0,
    ghi: 0,
    pvWh: 0,
    loadWh: 0,
    unservedWh: 0,
    chargeWh: 0,
    dischargeWh: 0,
    importWh: 0,
    exportWh: 0,
  };

  private readonly result: SiteStep = {
    ts: 0,
    readings: this.readings,
    alarms: NO_ALARMS,
    flows: this.flows,
  };

  constructor(config: SiteConfig) {
    const problems = checkSiteConfig(config);
    if (problems.length > 0) throw new RangeError(`invalid site ${config.id}: ${problems.join('; ')}`);
    this.config = config;
    const seed = config.seed;
    const elevation = config.elevation ?? 0;
    const faultRate = config.faultRate ?? 1;
    this.clock = new LocalClock(config.timeZone);
    const cloudClimate = config.cloudClimate ?? cloudClimateFor(config.latitude);
    this.clearDays = cloudClimate.clearDays;
    this.clouds = new CloudField(
      seedOf(seed, config.id, 'clouds'),
      config.latitude,
      config.longitude,
      cloudClimate,
    );
    this.weather = new WeatherModel(
      seedOf(seed, config.id, 'weather'),
      config.latitude,
      config.longitude,
      elevation,
      config.climate,
    );
    this.load = new LoadProfile(
      config.load ?? { kind: 'HOUSEHOLD', annualKwh: 4_500 },
      seedOf(seed, config.id, 'load'),
      config.latitude,
    );
    this.grid = new Grid({ ...DEFAULT_GRID, ...config.grid }, new Rng(seedOf(seed, config.id, 'grid')));
    this.observer = {
      latitude: config.latitude,
      longitude: config.longitude,
      elevation,
      pressure: 1_013.25 * Math.exp(-elevation / 8_434),
      temperature: this.weather.climate.annualMeanC,
    };

    this.scheduled = config.inverters.flatMap((c) => (c.faults ?? []).map((f) => ({ sn: c.sn, ...f })));
    this.units = config.inverters.map((c) => {
      const unit = buildInverterUnit(c, seed, faultRate);
      this.allFaults.push(unit.faults);
      this.readings.push(unit.reading);
      return unit;
    });
    const gcr = config.rows?.groundCoverageRatio ?? 0;
    this.rowLimits = this.units.map((unit) =>
      Float64Array.from(unit.orientation, (facing, k) => {
        const variation = unit.variation.channels[k];
        if (gcr <= 0 || !variation || variation.frontRow) return 0;
        return rowShadeLimit(facing.tilt, Math.min(gcr * variation.coverageFactor, 0.95));
      }),
    );
    if (config.battery) {
      this.battery = buildBattery(config.battery);
      this.batteryFaults = this.deviceFaults(config.battery.sn, 'BATTERY', faultRate);
      this.batteryReading = this.addReading(config.battery.sn, 'BATTERY');
    } else {
      this.battery = null;
      this.batteryFaults = null;
      this.batteryReading = null;
    }
    if (config.meter) {
      this.meter = new GridMeter(config.meter.phases ?? 1);
      this.meterFaults = this.deviceFaults(config.meter.sn, 'METER', faultRate);
      this.meterReading = this.addReading(config.meter.sn, 'METER');
    } else {
      this.meter = null;
      this.meterFaults = null;
      this.meterReading = null;
    }
    if (config.weatherStation) {
      this.weatherFaults = this.deviceFaults(config.weatherStation.sn, 'WEATHER_STATION', faultRate);
      this.weatherReading = this.addReading(config.weatherStation.sn, 'WEATHER_STATION');
    } else {
      this.weatherFaults = null;
      this.weatherReading = null;
    }
    this.primeReadings();
  }

  /**
   * Writes every measure key once, in the order the steps write them, so each values object keeps one
   * stable shape and its numbers are updated in place (no allocation per step).
   */
  private primeReadings(): void {
    for (const unit of this.units)
      unit.inverter.measures(unit.reading.values as Record<string, number>, this.grid, unit.keys);
    if (this.battery && this.batteryReading)
      this.battery.measures(this.batteryReading.values as Record<string, number>);
    if (this.meter && this.meterReading)
      this.meter.measures(this.meterReading.values as Record<string, number>, this.grid);
    if (this.weatherReading)
      writeWeatherStation(this.weatherReading.values, this.weather.now, 0, 0, 0, false);
  }

  private deviceFaults(sn: string, type: SimDeviceType, rate: number): DeviceFaults {
    const faults = new DeviceFaults(sn, type, new Rng(seedOf(this.config.seed, sn, 'faults')), rate);
    this.allFaults.push(faults);
    return faults;
  }

  private addReading(sn: string, type: SimDeviceType): DeviceReading {
    const reading: DeviceReading = { sn, type, readable: true, values: {} };
    this.readings.push(reading);
    return reading;
  }

  /** The fault process of a device, by SN (for commands). */
  faultsOf(sn: string): DeviceFaults | undefined {
    return this.allFaults.find((f) => f.sn === sn);
  }

  inverterUnit(sn: string): InverterUnit | undefined {
    return this.units.find((u) => u.config.sn === sn);
  }

  /** Storage work mode command (SunSpec/Sunfleet WorkMode and the time-shared periods). */
  setWorkMode(mode: WorkMode, periods?: readonly TimeSharedPeriod[]): void {
    if (!this.battery) throw new RangeError(`site ${this.config.id} has no battery`);
    this.battery.setMode(mode, periods);
  }

  /** Storage limits command (SunSpec 124 WChaMax, MinRsvPct): charge/discharge power, W, and reserve, %. */
  setBatteryLimits(limits: { maxChargeW?: number; maxDischargeW?: number; socMinPct?: number }): void {
    if (!this.battery) throw new RangeError(`site ${this.config.id} has no battery`);
    const spec = this.battery.spec;
    const socMin = limits.socMinPct ?? spec.socMinPct;
    if (!(socMin >= 0 && socMin < spec.socMaxPct)) {
      throw new RangeError(`the reserve must lie within 0…${spec.socMaxPct} %`);
    }
    for (const power of [limits.maxChargeW, limits.maxDischargeW]) {
      if (power !== undefined && !(power >= 0)) throw new RangeError('battery power limits must be ≥ 0 W');
    }
    spec.socMinPct = socMin;
    if (limits.maxChargeW !== undefined) spec.maxChargeW = limits.maxChargeW;
    if (limits.maxDischargeW !== undefined) spec.maxDischargeW = limits.maxDischargeW;
  }

  /** Active-power limit command (WMaxLimPct), percent of the inverter's rating. */
  setPowerLimit(sn: string, percent: number): void {
    const unit = this.inverterUnit(sn);
    if (!unit) throw new RangeError(`no inverter ${sn} on site ${this.config.id}`);
    if (!(percent >= 0 && percent <= 100)) throw new RangeError('the power limit is 0…100 %');
    unit.inverter.limitPct = percent;
  }

  /**
   * Starts an incident on one string (`mppt` and `string` from 1) at `start` (epoch ms), for `durationS`
   * seconds or until `clearStringIncident`; it takes effect from the next step after its start. What the
   * inverter reports (and any alarm) follows from the string's numbers.
   */
  injectStringIncident(
    sn: string,
    incident: {
      kind: StringIncidentKind;
      mppt: number;
      string: number;
      start: number;
      durationS?: number;
      severity?: number;
    },
  ): StringIncident {
    const unit = this.inverterUnit(sn);
    const channel = unit?.inverter.channels[incident.mppt - 1];
    if (!unit || !channel) throw new RangeError(`no MPPT ${incident.mppt} on inverter ${sn}`);
    if (!(incident.string >= 1 && incident.string <= channel.strings))
      throw new RangeError(`no string ${incident.string} on MPPT ${incident.mppt}`);
    const added: StringIncident = {
      kind: incident.kind,
      channel: incident.mppt - 1,
      string: incident.string - 1,
      start: incident.start,
      end:
        incident.durationS === undefined
          ? Number.POSITIVE_INFINITY
          : incident.start + incident.durationS * 1_000,
      severity: Math.min(Math.max(incident.severity ?? 0.5, 0), 1),
    };
    unit.injected.push(added);
    unit.window.push(added);
    unit.active = Uint8Array.from([...unit.active, 0]);
    return added;
  }

  /** Ends an injected incident at `ts` (from the next step on). */
  clearStringIncident(sn: string, incident: StringIncident, ts: number): void {
    const unit = this.inverterUnit(sn);
    if (!unit?.injected.includes(incident)) throw new RangeError(`no such incident on inverter ${sn}`);
    incident.end = Math.max(ts, incident.start);
  }

  /**
   * Sets a fault on one string (`fault.mppt` and `fault.string` from 1), replacing the one it had, or
   * clears it (`kind` null). It shapes the string's IV scan at once and its share of the power from the
   * next step (docs/iv-curves.md).
   */
  setStringFault(sn: string, fault: StringFault | { mppt: number; string: number; kind: null }): void {
    const unit = this.inverterUnit(sn);
    if (!unit) throw new RangeError(`no inverter ${sn} on site ${this.config.id}`);
    const problems = stringFaultProblems({
      ...unit.config,
      stringFaults: [
        fault.kind === null ? { mppt: fault.mppt, string: fault.string, kind: 'OPEN_STRING' } : fault,
      ],
    });
    if (problems.length > 0) throw new RangeError(problems.join('; '));
    const row = unit.stringFaults[fault.mppt - 1] as (StringFault | null)[];
    row[fault.string - 1] = fault.kind === null ? null : { ...fault };
    applyStringConditions(unit, this.soiling);
  }

  /** String alarms open now (the logger keeps them across restarts). */
  openStringAlarms(): AlarmRecord[] {
    return this.units.flatMap((u) => u.monitor.openRecords());
  }

  /** Re-opens string alarms a previous run left open, so they close with their ids. */
  restoreStringAlarms(records: readonly AlarmRecord[]): void {
    for (const unit of this.units) unit.monitor.restore(records);
  }

  /** Opens a fault on a device now (it takes effect from the next step); returns its alarm record. */
  injectFault(sn: string, code: number, nowMs: number, durationS?: number): AlarmRecord {
    const faults = this.faultsOf(sn);
    if (!faults) throw new RangeError(`no device ${sn} on site ${this.config.id}`);
    return faults.inject(code, nowMs, durationS);
  }

  /** Clears an open fault; null when it was not open. */
  clearFault(sn: string, code: number, nowMs: number): AlarmRecord | null {
    const faults = this.faultsOf(sn);
    if (!faults) throw new RangeError(`no device ${sn} on site ${this.config.id}`);
    return faults.clear(code, nowMs);
  }

  /**
   * IV curve of one string (`mppt` and `string` from 1) under the conditions of the last step, with the
   * irradiance and module temperature it was taken at.
   */
  ivScan(
    sn: string,
    mppt: number,
    string: number,
    points = 100,
  ): IvCurve & { irradiance: number; cellTemp: number } {
    const unit = this.inverterUnit(sn);
    const channel = unit?.inverter.channels[mppt - 1];
    if (!unit || !channel) throw new RangeError(`no MPPT ${mppt} on inverter ${sn}`);
    if (!(string >= 1 && string <= channel.strings))
      throw new RangeError(`no string ${string} on MPPT ${mppt}`);
    return {
      ...channel.ivScan(string - 1, points),
      irradiance: channel.environment.irradiance,
      cellTemp: channel.environment.cellTemp,
    };
  }

  /** The configured faults (InverterConfig.faults) whose time has come since the first step, each once. */
  private openScheduledFaults(ts: number): void {
    if (this.scheduled.length === 0) return;
    if (Number.isNaN(this.firstTs)) this.firstTs = ts;
    this.scheduled = this.scheduled.filter((f) => {
      if (ts < this.firstTs + f.afterS * 1_000) return true;
      this.injectFault(f.sn, f.code, ts);
      return false;
    });
  }

  /**
   * Advances the site to `ts` (epoch ms) over `dt` seconds (the interval ending at `ts`). Steps must move
   * forward in time.
   */
  step(ts: number, dt: number): SiteStep {
    if (ts <= this.lastTs) throw new RangeError('steps must move forward in time');
    this.lastTs = ts;
    const local = this.clock.at(ts);
    if (!this.day || this.day.index !== local.dayIndex) this.startDay(local.dayIndex, ts);
    const day = this.day as LocalDay;

    // Faults first: their effects shape this step.
    this.openScheduledFaults(ts);
    let alarms: AlarmRecord[] | null = null;
    for (const faults of this.allFaults) faults.step(ts, dt);
    let gridDown = false;
    for (const unit of this.units) {
      if (updateActiveIncidents(unit, ts)) applyStringConditions(unit, this.soiling);
      if (unit.faults.has('GRID_OUTAGE')) gridDown = true;
      unit.inverter.deratePct = unit.faults.has('DERATE') ? 70 : 100;
    }
    this.grid.available = !gridDown;
    if (this.battery && this.batteryFaults) this.battery.disabled = this.batteryFaults.has('BATTERY_IDLE');

    // Sun and sky.
    const position = computeTopocentric(geocentricAt(ts, estimateDeltaT(ts)), this.observer, this.position);
    const dniExtra = extraterrestrialNormal(position.distance);
    const linke =
      this.config.linkeTurbidity ??
      aridLinke(linkeTurbidity(this.config.latitude, day.dayOfYear), this.clearDays);
    ineichenPerez(position.zenith, this.observer.elevation, linke, dniExtra, this.clear);
    const kc = this.clouds.clearSkyIndex(ts);
    erbsDecomposition(this.clear.ghi * kc, position.zenith, dniExtra, this.clear.dni, this.sky);
    const weather = this.weather.step(ts, dt, day.dayOfYear, this.dayClearness);
    const mounting = this.config.mounting ?? FAIMAN_OPEN_RACK;
    const albedo = this.config.albedo ?? 0.2;
    const lightFactor = 1 - (this.config.dcLossFraction ?? 0.07);
    const gcr = this.config.rows?.groundCoverageRatio ?? 0;
    const obstacles = this.config.obstacles?.maxElevationDeg ?? 0;

    // PV available on every tracker.
    let pvAvailable = 0;
    const elevation = 90 - position.zenith;
    for (let u = 0; u < this.units.length; u++) {
      const unit = this.units[u] as InverterUnit;
      const rowLimits = this.rowLimits[u] as Float64Array;
      unit.inverter.tripped = unit.faults.has('TRIP') || (gridDown && !this.battery);
      const channels = unit.inverter.channels;
      for (let k = 0; k < channels.length; k++) {
        const facing = unit.orientation[k] as { tilt: number; azimuth: number };
        const poa = haydavies(
          this.sky,
          position.zenith,
          position.azimuth,
          facing.tilt,
          facing.azimuth,
          dniExtra,
          albedo,
          this.poa,
        );
        // Low-sun shade takes the beam from the shaded share (the diffuse light still arrives).
        const variation = unit.variation.channels[k];
        let shade = 0;
        if (poa.beam > 0 && variation) {
          if (elevation < (rowLimits[k] as number)) {
            shade = rowShadeLoss(
              rowShadedFraction(
                position.zenith,
                position.azimuth,
                facing.tilt,
                facing.azimuth,
                Math.min(gcr * variation.coverageFactor, 0.95),
              ),
            );
          }
          if (obstacles > 0) {
            shade = Math.max(
              shade,
              obstacleShade(position.zenith, position.azimuth, variation.obstacle, obstacles),
            );
          }
        }
        const diffuse = poa.skyDiffuse + poa.ground;
        const effective = poa.effective - shade * (poa.effective - 0.95 * diffuse);
        const total = poa.total - shade * poa.beam;
        const steady = faimanTemperature(total, weather.ambientC, weather.windMs, mounting);
        const cellTemp = laggedTemperature(unit.cellTemps[k] ?? Number.NaN, steady, dt);
        unit.cellTemps[k] = cellTemp;
        (channels[k] as MpptChannel).update(effective * lightFactor, cellTemp);
        if (unit === this.units[0] && k === 0) this.moduleTempForStation = cellTemp;
      }
      pvAvailable += unit.inverter.assess();
    }
    const poaFirst =
      this.units.length > 0 ? this.firstPoa(position.zenith, position.azimuth, dniExtra, albedo) : 0;

    // Dispatch: battery setpoint by work mode, then the island's constraints.
    const loadDemand = this.load.powerAt(day, local.minuteOfDay);
    const battery = this.battery;
    const plan = planDispatch(battery, pvAvailable, loadDemand, !gridDown, local.minuteOfDay, dt, this.plan);

    // Inverters deliver (curtailed in proportion to what each has available).
    let pvW = 0;
    for (const unit of this.units) {
      const share = pvAvailable > 0 ? (unit.inverter.availableAcW / pvAvailable) * plan.pvTargetW : 0;
      unit.inverter.step(dt, share, weather.ambientC);
      pvW += unit.inverter.acPower;
    }
    if (gridDown) settleIsland(battery, pvW, loadDemand, dt, plan);
    const batteryW = plan.batteryW;
    const loadServed = plan.loadServedW;
    if (battery) battery.apply(batteryW, dt, weather.ambientC);
    const gridW = gridDown ? 0 : loadServed - pvW - batteryW;
    if (this.meter) this.meter.step(gridW, dt);
    this.grid.step(dt, -gridW);

    this.book(dt, pvW, loadDemand, loadServed, batteryW, gridW);
    this.flows.ghi = this.sky.ghi;

    // Measures, and the string monitors' verdicts on the inputs' currents.
    for (const unit of this.units) {
      if (this.measuring)
        unit.inverter.measures(unit.reading.values as Record<string, number>, this.grid, unit.keys);
      const state = unit.inverter.state;
      unit.monitor.evaluate(
        ts,
        dt,
        unit.inverter.channels,
        state === InverterState.MPPT || state === InverterState.THROTTLED,
      );
    }
    if (battery && this.batteryReading && this.measuring)
      battery.measures(this.batteryReading.values as Record<string, number>);
    if (this.meter && this.meterReading && this.measuring) {
      this.meter.measures(this.meterReading.values as Record<string, number>, this.grid);
      this.meterReading.readable = !(this.meterFaults?.open.has(6001) ?? false);
    }
    if (this.weatherReading && this.measuring) {
      const moduleTemp = Number.isNaN(this.moduleTempForStation)
        ? weather.ambientC
        : this.moduleTempForStation;
      const sensorFault = this.weatherFaults?.open.has(7001) ?? false;
      writeWeatherStation(
        this.weatherReading.values,
        weather,
        this.sky.ghi,
        poaFirst,
        moduleTemp,
        sensorFault,
      );
    }

    for (const faults of this.allFaults) {
      if (!faults.hasChanges) continue;
      const changed = faults.drainChanges();
      if (changed.length > 0) (alarms ??= []).push(...changed);
    }
    for (const unit of this.units) {
      if (unit.monitor.hasChanges) (alarms ??= []).push(...unit.monitor.drainChanges());
    }
    const result = this.result;
    result.ts = ts;
    result.alarms = alarms ?? NO_ALARMS;
    return result;
  }

  private book(
    dt: number,
    pvW: number,
    demand: number,
    served: number,
    batteryW: number,
    gridW: number,
  ): void {
    const hours = dt / 3_600;
    const f = this.flows;
    f.pvW = pvW;
    f.loadW = served;
    f.batteryW = batteryW;
    f.gridW = gridW;
    f.pvWh += pvW * hours;
    f.loadWh += served * hours;
    f.unservedWh += (demand - served) * hours;
    if (batteryW > 0) f.dischargeWh += batteryW * hours;
    else f.chargeWh -= batteryW * hours;
    if (gridW > 0) f.importWh += gridW * hours;
    else f.exportWh -= gridW * hours;
  }

  private firstPoa(zenith: number, azimuth: number, dniExtra: number, albedo: number): number {
    const mppt = this.units[0]?.mppts[0];
    if (!mppt) return 0;
    return haydavies(this.sky, zenith, azimuth, mppt.tilt, mppt.azimuth, dniExtra, albedo, this.poa).total;
  }

  private startDay(dayIndex: number, ts: number): void {
    const first = this.day === null;
    this.day = localDayOf(dayIndex);
    const cloudDay = this.clouds.dayIndexOf(dayIndex * 86_400_000 + 43_200_000);
    this.dayClearness = this.clouds.dayMeanIndex(cloudDay);
    this.soiling = soilingLoss(this.clouds, cloudDay, this.config.soiling);
    if (!first) for (const unit of this.units) unit.inverter.newDay();
    // The incidents that may be in effect today (a day and a bit: DST days last 25 hours).
    for (const unit of this.units) {
      loadIncidentWindow(unit, ts - 3_600_000, ts + 26 * 3_600_000);
      updateActiveIncidents(unit, ts);
      applyStringConditions(unit, this.soiling);
    }
  }
}
