// One MPPT channel: `strings` parallel strings of `modulesPerString` modules of one type, each string with
// its own condition (photocurrent factor: tolerance, soiling, degradation; extra series resistance, shunt
// loss, shaded substrings). Channels without shaded substrings are one single-diode equation (fast path):
// parallel strings add their photocurrents and saturation currents and their conductances, which is exact
// for identical strings and first-order for strings whose photocurrents differ by a few percent (their
// series-resistance drops differ by that much of a few volts). A shaded string is a series of bypass-diode
// substrings, some lit less, whose curve shows the characteristic steps and local maxima — those channels
// are solved from a tabulated V(I) (slow path, only while the shade lasts). So are strings with bypass
// diodes failed short (fewer substrings in series than their neighbours). An open string carries nothing.
// The faults that shape a string's IV curve are described in docs/iv-curves.md.
import {
  copyPoint,
  currentAtVoltage,
  diodeVoltageAtCurrent,
  maxPowerPoint,
  moduleAt,
  newDiodeModel,
  newOperatingPoint,
  openCircuitVoltage,
  pointAtPower,
  scaleModel,
  shortCircuitCurrent,
  type DiodeModel,
  type ModuleReference,
  type OperatingPoint,
} from './pv.js';

/** Forward voltage of a conducting bypass diode (Schottky), V. */
const BYPASS_DIODE_DROP = 0.45;

export interface StringCondition {
  /** Lost share of photocurrent (tolerance, soiling, degradation), < 1; negative above nominal. */
  degradation: number;
  /** Series-resistance multiplier (≥ 1: corroded connectors, solder bonds). */
  seriesResistanceFactor: number;
  /** Shunt-resistance multiplier (≤ 1: potential-induced degradation). */
  shuntResistanceFactor: number;
  /** Number of bypass-diode substrings in shade (0…modules × bypass diodes). */
  shadedSubstrings: number;
  /** Share of the irradiance the shaded substrings still receive (diffuse light), 0…1. */
  shadeTransmission: number;
  /**
   * Bypass-diode substrings whose diode failed short: they add no voltage (the string's Voc falls by
   * their share, its current and fill factor stay). At least one substring of the string stays in use.
   */
  shortedSubstrings: number;
  /** Disconnected (blown fuse, unplugged connector): no current at any voltage. */
  open: boolean;
}

export const HEALTHY: Readonly<StringCondition> = Object.freeze({
  degradation: 0,
  seriesResistanceFactor: 1,
  shuntResistanceFactor: 1,
  shadedSubstrings: 0,
  shadeTransmission: 1,
  shortedSubstrings: 0,
  open: false,
});

export interface IvCurve {
  /** Sampled points, voltage ascending from 0 to Voc. */
  voltage: number[];
  current: number[];
  voc: number;
  isc: number;
  vmp: number;
  imp: number;
  pmax: number;
  fillFactor: number;
}

function isShaded(c: StringCondition): boolean {
  return c.shadedSubstrings > 0 && c.shadeTransmission < 1;
}

/** A string the channel's single equation cannot hold: its curve steps or it has fewer substrings. */
function needsTable(c: StringCondition): boolean {
  return !c.open && (isShaded(c) || c.shortedSubstrings > 0);
}

/** A string's curve as a table of V(I), current ascending, for the slow path. */
interface StringTable {
  current: Float64Array;
  voltage: Float64Array;
}

export class MpptChannel {
  readonly ref: ModuleReference;
  readonly strings: number;
  readonly modulesPerString: number;
  private readonly conditions: StringCondition[];
  private readonly module = newDiodeModel();
  private readonly work = newDiodeModel();
  private readonly channelModel = newDiodeModel();
  /** No shaded string: the channel is one (aggregated) single-diode equation. */
  private uniform = true;
  /** Fast path: the strings' photocurrent factors, their sum, and the parallel Rs and Rsh multipliers. */
  private readonly lightShares: Float64Array;
  private lightSum: number;
  /** Strings not open (their saturation currents add). */
  private connected: number;
  private rsFactor = 1;
  private rshFactor = 1;
  /** Where the last MPP sat as a share of its bracket (the next solve's start). */
  private mppShare = 0.85;
  /** Effective irradiance (W/m²) and cell temperature (°C) of the last update. */
  readonly environment = { irradiance: 0, cellTemp: 25 };
  /** Maximum power point available now. */
  readonly mpp: OperatingPoint = newOperatingPoint();
  /** Where the inverter actually holds the channel (MPP, or right of it when limiting). */
  readonly operating: OperatingPoint = newOperatingPoint();
  private tables: StringTable[] = [];

  constructor(ref: ModuleReference, strings: number, modulesPerString: number) {
    this.ref = ref;
    this.strings = strings;
    this.modulesPerString = modulesPerString;
    this.conditions = Array.from({ length: strings }, () => ({ ...HEALTHY }));
    this.lightShares = new Float64Array(strings).fill(1);
    this.lightSum = strings;
    this.connected = strings;
    this.rsFactor = 1 / strings;
    this.rshFactor = 1 / strings;
  }

  condition(stringIndex: number): Readonly<StringCondition> {
    return this.conditions[stringIndex] ?? HEALTHY;
  }

  /** Changes one string's condition (a fault starting or clearing). */
  setCondition(stringIndex: number, condition: Partial<StringCondition>): void {
    const current = this.conditions[stringIndex];
    if (!current) throw new RangeError(`no string ${stringIndex + 1} on this channel`);
    Object.assign(current, condition);
    this.uniform = this.conditions.every((c) => !needsTable(c));
    let light = 0;
    let connected = 0;
    let conductanceRs = 0;
    let conductanceRsh = 0;
    for (let s = 0; s < this.strings; s++) {
      const c = this.conditions[s] as StringCondition;
      if (c.open) {
        this.lightShares[s] = 0;
        continue;
      }
      const share = Math.max(1 - c.degradation, 0);
      this.lightShares[s] = share;
      light += share;
      connected++;
      conductanceRs += 1 / c.seriesResistanceFactor;
      conductanceRsh += 1 / c.shuntResistanceFactor;
    }
    this.lightSum = light;
    this.connected = connected;
    this.rsFactor = connected > 0 ? 1 / conductanceRs : 1;
    this.rshFactor = connected > 0 ? 1 / conductanceRsh : 1;
  }

  /** Updates the channel to an effective irradiance (W/m²) and cell temperature (°C); finds the MPP. */
  update(irradiance: number, cellTemp: number): OperatingPoint {
    this.environment.irradiance = irradiance;
    this.environment.cellTemp = cellTemp;
    if (this.uniform && !(irradiance > 0 && this.connected > 0)) {
      // Dark (or every string open): no photocurrent, nothing to solve (what the solve below gives, without
      // its cost at night).
      this.channelModel.il = 0;
      this.mpp.v = this.mpp.i = this.mpp.p = this.mpp.vd = 0;
      copyPoint(this.mpp, this.operating);
      return this.mpp;
    }
    moduleAt(this.ref, irradiance, cellTemp, this.module);
    if (this.uniform) {
      // Parallel strings: photocurrents and saturation currents add, resistances combine as conductances.
      const string = scaleModel(this.module, this.modulesPerString, 1, this.work);
      const out = this.channelModel;
      out.il = string.il * this.lightSum;
      out.i0 = string.i0 * this.connected;
      out.a = string.a;
      out.rs = string.rs * this.rsFactor;
      out.rsh = string.rsh * this.rshFactor;
      maxPowerPoint(out, this.mpp, this.mppShare);
      this.mppShare = this.mpp.vd / (out.a * Math.log(out.il / out.i0 + 1));
    } else {
      this.tables = this.conditions.map((c) => this.tabulate(c, 96));
      this.slowMaxPower();
    }
    copyPoint(this.mpp, this.operating);
    return this.mpp;
  }

  /** Holds the channel at `power` W (≤ MPP) on the high-voltage side, as an inverter does when limiting. */
  limit(power: number): OperatingPoint {
    if (power >= this.mpp.p) return copyPoint(this.mpp, this.operating);
    if (this.uniform) return pointAtPower(this.channelModel, power, this.mpp, this.operating);
    // Slow path: walk up the voltage from the MPP until the power falls to the target.
    const voc = this.channelVoc();
    let low = this.mpp.v;
    let high = voc;
    for (let k = 0; k < 50; k++) {
      const v = (low + high) / 2;
      if (v * this.channelCurrentAt(v) > power) low = v;
      else high = v;
    }
    this.operating.v = low;
    this.operating.i = this.channelCurrentAt(low);
    this.operating.p = this.operating.v * this.operating.i;
    return this.operating;
  }

  /** Open-circuit voltage of the channel now (what an idle inverter measures on its DC input). */
  channelVoc(): number {
    if (this.uniform) return openCircuitVoltage(this.channelModel);
    let voc = 0;
    for (const table of this.tables) voc = Math.max(voc, table.voltage[0] ?? 0);
    return voc;
  }

  /**
   * Current of one string at the channel's operating voltage. Fast path: the channel's current shared in
   * proportion to the strings' photocurrents (the strings sum to the channel exactly).
   */
  stringCurrent(stringIndex: number): number {
    if (this.uniform) {
      const share = this.lightShares[stringIndex] ?? 0;
      return this.lightSum > 0 ? (this.operating.i * share) / this.lightSum : 0;
    }
    const table = this.tables[stringIndex];
    return table ? currentFromTable(table, this.operating.v) : 0;
  }

  /**
   * IV curve of one string at the present conditions, `points` samples at even voltage steps from 0 to Voc
   * (what an inverter's IV scan reports). Its Pmax equals the string's share of the live MPP.
   */
  ivScan(stringIndex: number, points = 100): IvCurve {
    const condition = this.conditions[stringIndex];
    if (!condition) throw new RangeError(`no string ${stringIndex + 1} on this channel`);
    moduleAt(this.ref, this.environment.irradiance, this.environment.cellTemp, this.module);
    const voltage: number[] = [];
    const current: number[] = [];
    let voc: number;
    let isc: number;
    let currentAt: (v: number) => number;
    if (condition.open) {
      // No current; the voltage swept is the input's (held by its other strings; none: 0).
      const sweep = this.channelVoc();
      for (let k = 0; k < points; k++) {
        voltage.push((sweep * k) / (points - 1));
        current.push(0);
      }
      return { voltage, current, voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0, fillFactor: 0 };
    }
    if (!isShaded(condition)) {
      const m = this.stringModel(condition, newDiodeModel());
      voc = openCircuitVoltage(m);
      isc = shortCircuitCurrent(m);
      currentAt = (v) => Math.max(currentAtVoltage(m, v), 0);
    } else {
      const table = this.tabulate(condition, 600);
      voc = table.voltage[0] ?? 0;
      isc = currentFromTable(table, 0);
      currentAt = (v) => currentFromTable(table, v);
    }
    let best = { v: 0, i: isc, p: 0 };
    for (let k = 0; k < points; k++) {
      const v = (voc * k) / (points - 1);
      const i = k === points - 1 ? 0 : currentAt(v);
      voltage.push(v);
      current.push(i);
      if (v * i > best.p) best = { v, i, p: v * i };
    }
    // Refine the maximum between the neighbouring samples (golden section on the sampled bracket).
    const step = voc / (points - 1);
    let a = Math.max(best.v - step, 0);
    let b = Math.min(best.v + step, voc);
    for (let k = 0; k < 40; k++) {
      const m1 = b - 0.618034 * (b - a);
      const m2 = a + 0.618034 * (b - a);
      if (m1 * currentAt(m1) < m2 * currentAt(m2)) a = m1;
      else b = m2;
    }
    const vmp = (a + b) / 2;
    const imp = currentAt(vmp);
    const pmax = vmp * imp;
    return {
      voltage,
      current,
      voc,
      isc,
      vmp,
      imp,
      pmax,
      fillFactor: voc > 0 && isc > 0 ? pmax / (voc * isc) : 0,
    };
  }

  /** Bypass-diode substrings of a string that add voltage (all but those shorted; at least one). */
  private activeSubstrings(condition: StringCondition): number {
    const substrings = this.modulesPerString * this.ref.spec.bypassDiodes;
    return substrings - Math.min(Math.max(condition.shortedSubstrings, 0), substrings - 1);
  }

  /** Single-diode model of a whole (unshaded) string with its condition, into `out`. */
  private stringModel(condition: StringCondition, out: DiodeModel): DiodeModel {
    const modules =
      condition.shortedSubstrings > 0
        ? this.activeSubstrings(condition) / this.ref.spec.bypassDiodes
        : this.modulesPerString;
    scaleModel(this.module, modules, 1, out);
    out.il *= 1 - condition.degradation;
    out.rs *= condition.seriesResistanceFactor;
    out.rsh *= condition.shuntResistanceFactor;
    return out;
  }

  /**
   * V(I) of a string as substrings in series, each clamped at the bypass-diode drop (those shorted add
   * nothing; an open string has an empty table: no current at any voltage): `samples` currents
   * from 0 to the string's largest short-circuit current, denser around each group's photocurrent where the
   * curve turns.
   */
  private tabulate(condition: StringCondition, samples: number): StringTable {
    if (condition.open) return { current: new Float64Array(0), voltage: new Float64Array(0) };
    const diodes = this.ref.spec.bypassDiodes;
    const substrings = this.activeSubstrings(condition);
    const shaded = isShaded(condition) ? Math.min(condition.shadedSubstrings, substrings) : 0;
    const lit = scaleModel(this.module, 1 / diodes, 1, newDiodeModel());
    lit.il *= 1 - condition.degradation;
    lit.rs *= condition.seriesResistanceFactor;
    lit.rsh *= condition.shuntResistanceFactor;
    const dim: DiodeModel = { ...lit, il: lit.il * condition.shadeTransmission };
    const iscMax = shortCircuitCurrent(lit);
    const currents: number[] = [];
    const uniformCount = Math.ceil(samples * 0.6);
    for (let k = 0; k < uniformCount; k++) currents.push((iscMax * k) / (uniformCount - 1));
    const knees = shaded > 0 ? [lit.il, dim.il] : [lit.il];
    const perKnee = Math.floor((samples - uniformCount) / knees.length);
    for (const knee of knees) {
      for (let k = 0; k < perKnee; k++) {
        const offset = ((k / Math.max(perKnee - 1, 1)) * 2 - 1) ** 3 * 0.08 * knee;
        const i = knee + offset;
        if (i > 0 && i < iscMax) currents.push(i);
      }
    }
    currents.sort((x, y) => x - y);
    const voltage = new Float64Array(currents.length);
    for (let k = 0; k < currents.length; k++) {
      const i = currents[k] ?? 0;
      const vLit = Math.max(diodeVoltageAtCurrent(lit, i) - i * lit.rs, -BYPASS_DIODE_DROP);
      const vDim = shaded > 0 ? Math.max(diodeVoltageAtCurrent(dim, i) - i * dim.rs, -BYPASS_DIODE_DROP) : 0;
      voltage[k] = (substrings - shaded) * vLit + shaded * vDim;
    }
    return { current: Float64Array.from(currents), voltage };
  }

  private channelCurrentAt(v: number): number {
    let total = 0;
    for (const table of this.tables) total += currentFromTable(table, v);
    return total;
  }

  /** Global maximum of the channel's P(V) (a global-scan MPPT): grid search, then golden section. */
  private slowMaxPower(): void {
    const voc = this.channelVoc();
    const out = this.mpp;
    if (voc <= 0) {
      out.v = out.i = out.p = out.vd = 0;
      return;
    }
    const steps = 120;
    let bestV = 0;
    let bestP = 0;
    for (let k = 1; k < steps; k++) {
      const v = (voc * k) / steps;
      const p = v * this.channelCurrentAt(v);
      if (p > bestP) {
        bestP = p;
        bestV = v;
      }
    }
    let a = Math.max(bestV - voc / steps, 0);
    let b = Math.min(bestV + voc / steps, voc);
    for (let k = 0; k < 30; k++) {
      const m1 = b - 0.618034 * (b - a);
      const m2 = a + 0.618034 * (b - a);
      if (m1 * this.channelCurrentAt(m1) < m2 * this.channelCurrentAt(m2)) a = m1;
      else b = m2;
    }
    out.v = (a + b) / 2;
    out.i = this.channelCurrentAt(out.v);
    out.p = out.v * out.i;
    out.vd = Number.NaN;
  }
}

/** I at V from a V(I) table (V falls as I rises); 0 beyond Voc, the last current below V = table end. */
function currentFromTable(table: StringTable, v: number): number {
  const { current, voltage } = table;
  const n = voltage.length;
  if (n === 0 || v >= (voltage[0] ?? 0)) return 0;
  // Binary search for the first index whose voltage is ≤ v (voltages are non-increasing).
  let low = 0;
  let high = n - 1;
  if ((voltage[high] ?? 0) > v) return current[high] ?? 0;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((voltage[mid] ?? 0) > v) low = mid;
    else high = mid;
  }
  const v0 = voltage[low] ?? 0;
  const v1 = voltage[high] ?? 0;
  const i0 = current[low] ?? 0;
  const i1 = current[high] ?? 0;
  if (v0 === v1) return i0;
  return i0 + ((i1 - i0) * (v0 - v)) / (v0 - v1);
}
