// Built-in protocol definitions (pure data, shared by the server's seed and the simulator's devices and
// Modbus server). They follow the SunSpec Modbus maps: the 'SunS' marker at 40000, model 1
// (common) at 40002, then the device's models back to back, each as [ID, L, body…], ending with
// 0xFFFF, 0. Keys are the SunSpec point names; repeated points get a channel suffix (DCA_3).
//
// Scale factors: SunSpec carries them in separate *_SF registers read at run time. We fix them per
// definition instead and express them as each register's static `scale`, so decoding needs no second
// lookup and the register screens show one plain number. The simulator writes exactly these values into
// the *_SF registers (they are listed in `fixed` below), and a real device whose scale factors differ
// needs its own definition (copy a built-in one and change the scales).
import type { DeviceType } from './protocol.js';
import { InverterState, type RegisterDefinition, type RegisterValueLabel } from './registers.js';

/** A run of constant registers a SunSpec device serves (marker, model headers, scale factors, end). */
export interface FixedBlock {
  address: number;
  words: number[];
}

export interface BuiltInDefinition {
  code: string;
  name: string;
  deviceType: DeviceType;
  sunspecModels: number[];
  registers: RegisterDefinition[];
  /** Not stored: what a SunSpec device serves besides the registers (for the simulator and tests). */
  fixed: FixedBlock[];
}

type DataType = 'S16' | 'U16' | 'S32' | 'U32' | 'F32' | 'STRING' | 'VERSION' | 'IP';
const WORDS: Record<Exclude<DataType, 'STRING'>, number> = {
  S16: 1,
  U16: 1,
  S32: 2,
  U32: 2,
  F32: 2,
  VERSION: 1,
  IP: 2,
};

interface Point {
  key: string;
  /** Offset inside the model body (after ID and L). */
  at: number;
  type: DataType;
  /** STRING length in registers. */
  count?: number;
  scale?: number;
  unit?: string;
  group: string;
  column?: string;
  /** Writable with inclusive bounds. */
  range?: [number, number];
  /** Labels of an enumerated register. */
  values?: RegisterValueLabel[];
}

interface ModelSpec {
  id: number;
  length: number;
  points: Point[];
  /** Constant registers inside the body: scale factors and counts, by body offset (signed 16-bit). */
  constants?: Record<number, number>;
}

export const SUNSPEC_BASE = 40_000;
const SUNS_MARKER = [0x5375, 0x6e53];
const END_MARKER = [0xffff, 0x0000];

function register(p: Point, address: number): RegisterDefinition {
  return {
    key: p.key,
    nameKey: `register.${p.key}`,
    address,
    count: p.type === 'STRING' ? (p.count ?? 1) : WORDS[p.type],
    dataType: p.type,
    scale: p.scale ?? 0,
    unit: p.unit ?? '',
    group: p.group,
    writable: p.range !== undefined,
    min: p.range?.[0] ?? null,
    max: p.range?.[1] ?? null,
    column: p.column ?? null,
    ...(p.values === undefined ? {} : { values: p.values }),
  };
}

/** Labels `registerValue.<key>.<value>` for the given values of a register. */
function labelled(key: string, values: readonly number[]): RegisterValueLabel[] {
  return values.map((value) => ({ value, nameKey: `registerValue.${key}.${String(value)}` }));
}

/** An on/off switch (the *_Ena registers of SunSpec model 123): 0 disabled, 1 enabled. */
const SWITCH: RegisterValueLabel[] = [
  { value: 0, nameKey: 'registerValue.disabled' },
  { value: 1, nameKey: 'registerValue.enabled' },
];

function mergeBlocks(blocks: FixedBlock[]): FixedBlock[] {
  const merged: FixedBlock[] = [];
  for (const block of [...blocks].sort((a, b) => a.address - b.address)) {
    const last = merged[merged.length - 1];
    if (last && last.address + last.words.length === block.address) last.words.push(...block.words);
    else merged.push({ address: block.address, words: [...block.words] });
  }
  return merged;
}

/** Lays SunSpec models out from 40002 on, as a device serves them. */
function sunspecMap(models: ModelSpec[]): { registers: RegisterDefinition[]; fixed: FixedBlock[] } {
  const registers: RegisterDefinition[] = [];
  const fixed: FixedBlock[] = [{ address: SUNSPEC_BASE, words: SUNS_MARKER }];
  let at = SUNSPEC_BASE + 2;
  for (const model of models) {
    const body = at + 2;
    fixed.push({ address: at, words: [model.id, model.length] });
    for (const point of model.points) registers.push(register(point, body + point.at));
    for (const [offset, value] of Object.entries(model.constants ?? {})) {
      fixed.push({ address: body + Number(offset), words: [value & 0xffff] });
    }
    at = body + model.length;
  }
  fixed.push({ address: at, words: END_MARKER });
  return { registers, fixed: mergeBlocks(fixed) };
}

function definitionOf(
  code: string,
  name: string,
  deviceType: DeviceType,
  models: ModelSpec[],
): BuiltInDefinition {
  return { code, name, deviceType, sunspecModels: models.map((m) => m.id), ...sunspecMap(models) };
}

// ---- Model 1: common ----------------------------------------------------------------------------------

const COMMON: ModelSpec = {
  id: 1,
  length: 66,
  points: [
    { key: 'Mn', at: 0, type: 'STRING', count: 16, group: 'common' },
    { key: 'Md', at: 16, type: 'STRING', count: 16, group: 'common' },
    { key: 'Opt', at: 32, type: 'STRING', count: 8, group: 'common' },
    { key: 'Vr', at: 40, type: 'STRING', count: 8, group: 'common' },
    { key: 'SN', at: 48, type: 'STRING', count: 16, group: 'common' },
    { key: 'DA', at: 64, type: 'U16', group: 'common' },
  ],
};

// ---- Models 101/102/103: inverter (integer + scale factor) ------------------------------------------------

type Phases = 1 | 2 | 3;
const PHASE_LETTERS = ['A', 'B', 'C'] as const;

function inverterModel(phases: Phases): ModelSpec {
  // W, VA, VAr and DCW are int16: three-phase classes reach 110 kW, so they count in 10 W steps.
  const w = phases === 3 ? 1 : 0;
  const letters = PHASE_LETTERS.slice(0, phases);
  const lineToLine = phases === 1 ? [] : phases === 2 ? ['AB'] : ['AB', 'BC', 'CA'];
  const points: Point[] = [
    { key: 'A', at: 0, type: 'U16', scale: -2, unit: 'A', group: 'ac' },
    ...letters.map((l, i): Point => ({
      key: `Aph${l}`,
      at: 1 + i,
      type: 'U16',
      scale: -2,
      unit: 'A',
      group: 'ac',
    })),
    ...lineToLine.map((p, i): Point => ({
      key: `PPVph${p}`,
      at: 5 + i,
      type: 'U16',
      scale: -1,
      unit: 'V',
      group: 'ac',
    })),
    ...letters.map((l, i): Point => ({
      key: `PhVph${l}`,
      at: 8 + i,
      type: 'U16',
      scale: -1,
      unit: 'V',
      group: 'ac',
      ...(i === 0 ? { column: 'grid_voltage_v' } : {}),
    })),
    { key: 'W', at: 12, type: 'S16', scale: w, unit: 'W', group: 'ac', column: 'power_w' },
    { key: 'Hz', at: 14, type: 'U16', scale: -2, unit: 'Hz', group: 'ac', column: 'grid_frequency_hz' },
    { key: 'VA', at: 16, type: 'S16', scale: w, unit: 'VA', group: 'ac' },
    { key: 'VAr', at: 18, type: 'S16', scale: w, unit: 'var', group: 'ac' },
    { key: 'PF', at: 20, type: 'S16', scale: -1, unit: '%', group: 'ac' },
    { key: 'WH', at: 22, type: 'U32', unit: 'Wh', group: 'energy', column: 'energy_total_wh' },
    { key: 'DCA', at: 25, type: 'U16', scale: -2, unit: 'A', group: 'dc' },
    { key: 'DCV', at: 27, type: 'U16', scale: -1, unit: 'V', group: 'dc' },
    { key: 'DCW', at: 29, type: 'S16', scale: w, unit: 'W', group: 'dc' },
    { key: 'TmpCab', at: 31, type: 'S16', scale: -1, unit: '°C', group: 'status', column: 'temperature_c' },
    { key: 'TmpSnk', at: 32, type: 'S16', scale: -1, unit: '°C', group: 'status' },
    {
      key: 'St',
      at: 36,
      type: 'U16',
      group: 'status',
      column: 'status_code',
      values: labelled('St', Object.values(InverterState)),
    },
    { key: 'StVnd', at: 37, type: 'U16', group: 'status' },
    { key: 'Evt1', at: 38, type: 'U32', group: 'status' },
  ];
  // A_SF, V_SF, W_SF, Hz_SF, VA_SF, VAr_SF, PF_SF, WH_SF, DCA_SF, DCV_SF, DCW_SF, Tmp_SF
  const constants = {
    4: -2,
    11: -1,
    13: w,
    15: -2,
    17: w,
    19: w,
    21: -1,
    24: 0,
    26: -2,
    28: -1,
    30: w,
    35: -1,
  };
  return { id: 100 + phases, length: 50, points, constants };
}

// ---- Model 160: multiple MPPT, 15 modules of 20 registers --------------------------------------------------

const MPPT_MODULES = 15;

function mpptModel(): ModelSpec {
  const points: Point[] = [];
  const constants: Record<number, number> = { 0: -2, 1: -1, 2: 0, 3: 0, 6: MPPT_MODULES };
  for (let n = 1; n <= MPPT_MODULES; n++) {
    const base = 8 + 20 * (n - 1);
    constants[base] = n; // module ID
    points.push(
      {
        key: `DCA_${n}`,
        at: base + 9,
        type: 'U16',
        scale: -2,
        unit: 'A',
        group: 'mppt',
        column: `mppt_i[${n}]`,
      },
      {
        key: `DCV_${n}`,
        at: base + 10,
        type: 'U16',
        scale: -1,
        unit: 'V',
        group: 'mppt',
        column: `mppt_v[${n}]`,
      },
      { key: `DCW_${n}`, at: base + 11, type: 'U16', unit: 'W', group: 'mppt', column: `mppt_p[${n}]` },
    );
  }
  return { id: 160, length: 8 + 20 * MPPT_MODULES, points, constants };
}

// ---- Model 123: immediate controls (the writable inverter settings) ----------------------------------------

const CONTROLS: ModelSpec = {
  id: 123,
  length: 24,
  points: [
    { key: 'Conn', at: 2, type: 'U16', group: 'settings', range: [0, 1], values: labelled('Conn', [0, 1]) },
    { key: 'WMaxLimPct', at: 3, type: 'U16', unit: '%', group: 'settings', range: [0, 100] },
    { key: 'WMaxLim_Ena', at: 7, type: 'U16', group: 'settings', range: [0, 1], values: SWITCH },
    { key: 'OutPFSet', at: 8, type: 'S16', scale: -3, group: 'settings', range: [-1, 1] },
    { key: 'OutPFSet_Ena', at: 12, type: 'U16', group: 'settings', range: [0, 1], values: SWITCH },
  ],
  // WMaxLimPct_SF, OutPFSet_SF, VArPct_SF
  constants: { 21: 0, 22: -3, 23: 0 },
};

/** Sunfleet vendor model after the standard ones: the energy of the current day, which SunSpec lacks. */
const INVERTER_VENDOR: ModelSpec = {
  id: 64_100,
  length: 2,
  points: [{ key: 'WHToday', at: 0, type: 'U32', unit: 'Wh', group: 'energy', column: 'energy_today_wh' }],
};

function inverterDefinition(phases: Phases, code: string, name: string): BuiltInDefinition {
  return definitionOf(code, name, 'INVERTER', [
    COMMON,
    inverterModel(phases),
    mpptModel(),
    CONTROLS,
    INVERTER_VENDOR,
  ]);
}

// ---- Models 201/202/203: meters (integer + scale factor); W positive = import from the grid -----------------

function meterModel(phases: Phases): ModelSpec {
  const letters = PHASE_LETTERS.slice(0, phases === 1 ? 0 : phases);
  // Three-phase meters see site totals beyond 32 kW (int16): 10 W steps and 0.1 A.
  const w = phases === 3 ? 1 : 0;
  const a = phases === 3 ? -1 : -2;
  const points: Point[] = [
    { key: 'A', at: 0, type: 'S16', scale: a, unit: 'A', group: 'meter' },
    ...letters.map((l, i): Point => ({
      key: `Aph${l}`,
      at: 1 + i,
      type: 'S16',
      scale: a,
      unit: 'A',
      group: 'meter',
    })),
    { key: 'PhV', at: 5, type: 'S16', scale: -1, unit: 'V', group: 'meter', column: 'grid_voltage_v' },
    ...letters.map((l, i): Point => ({
      key: `PhVph${l}`,
      at: 6 + i,
      type: 'S16',
      scale: -1,
      unit: 'V',
      group: 'meter',
    })),
    { key: 'Hz', at: 14, type: 'S16', scale: -2, unit: 'Hz', group: 'meter', column: 'grid_frequency_hz' },
    { key: 'W', at: 16, type: 'S16', scale: w, unit: 'W', group: 'meter', column: 'power_w' },
    ...letters.map((l, i): Point => ({
      key: `Wph${l}`,
      at: 17 + i,
      type: 'S16',
      scale: w,
      unit: 'W',
      group: 'meter',
    })),
    { key: 'VA', at: 21, type: 'S16', scale: w, unit: 'VA', group: 'meter' },
    { key: 'VAR', at: 26, type: 'S16', scale: w, unit: 'var', group: 'meter' },
    { key: 'PF', at: 31, type: 'S16', scale: -1, unit: '%', group: 'meter' },
    { key: 'TotWhExp', at: 36, type: 'U32', unit: 'Wh', group: 'energy', column: 'export_total_wh' },
    { key: 'TotWhImp', at: 44, type: 'U32', unit: 'Wh', group: 'energy', column: 'import_total_wh' },
  ];
  // A_SF, V_SF, Hz_SF, W_SF, VA_SF, VAR_SF, PF_SF, TotWh_SF
  const constants = { 4: a, 13: -1, 15: -2, 20: w, 25: w, 30: w, 35: -1, 52: 0 };
  return { id: 200 + phases, length: 105, points, constants };
}

function meterDefinition(phases: Phases, code: string, name: string): BuiltInDefinition {
  return definitionOf(code, name, 'METER', [COMMON, meterModel(phases)]);
}

// ---- Model 124: storage, plus a vendor block for power and lifetime energy ---------------------------------

const STORAGE: ModelSpec = {
  id: 124,
  length: 24,
  points: [
    { key: 'WChaMax', at: 0, type: 'U16', scale: 1, unit: 'W', group: 'settings', range: [0, 500_000] },
    {
      key: 'StorCtl_Mod',
      at: 3,
      type: 'U16',
      group: 'settings',
      range: [0, 3],
      values: labelled('StorCtl_Mod', [0, 1, 2, 3]),
    },
    { key: 'MinRsvPct', at: 5, type: 'U16', unit: '%', group: 'settings', range: [0, 100] },
    { key: 'ChaState', at: 6, type: 'U16', scale: -1, unit: '%', group: 'battery', column: 'soc_pct' },
    { key: 'InBatV', at: 8, type: 'U16', scale: -1, unit: 'V', group: 'battery' },
    {
      key: 'ChaSt',
      at: 9,
      type: 'U16',
      group: 'status',
      column: 'status_code',
      values: labelled('ChaSt', [1, 2, 3, 4, 5, 6, 7]),
    },
    { key: 'OutWRte', at: 10, type: 'S16', unit: '%', group: 'settings', range: [-100, 100] },
    { key: 'InWRte', at: 11, type: 'S16', unit: '%', group: 'settings', range: [-100, 100] },
    {
      key: 'ChaGriSet',
      at: 15,
      type: 'U16',
      group: 'settings',
      range: [0, 1],
      values: labelled('ChaGriSet', [0, 1]),
    },
  ],
  // WChaMax_SF, WChaDisChaGra_SF, VAChaMax_SF, MinRsvPct_SF, ChaState_SF, StorAval_SF, InBatV_SF, InOutWRte_SF
  constants: { 16: 1, 17: 0, 18: 1, 19: 0, 20: -1, 21: 0, 22: -1, 23: 0 },
};

/**
 * Sunfleet storage block. WorkMode 0…4 are the storage modes of SPEC §4 in order: self-consumption,
 * emergency charging, full feed-in, PV mode, time-shared control. BatW positive = discharging.
 */
const STORAGE_VENDOR: ModelSpec = {
  id: 64_101,
  length: 8,
  points: [
    { key: 'BatW', at: 0, type: 'S32', unit: 'W', group: 'battery', column: 'power_w' },
    { key: 'ChaWH', at: 2, type: 'U32', unit: 'Wh', group: 'energy', column: 'charge_total_wh' },
    { key: 'DisChaWH', at: 4, type: 'U32', unit: 'Wh', group: 'energy', column: 'discharge_total_wh' },
    {
      key: 'WorkMode',
      at: 6,
      type: 'U16',
      group: 'settings',
      range: [0, 4],
      values: labelled('WorkMode', [0, 1, 2, 3, 4]),
    },
    { key: 'TmpBat', at: 7, type: 'S16', scale: -1, unit: '°C', group: 'battery', column: 'temperature_c' },
  ],
};

// ---- Models 307 + 302 + 303: weather station -------------------------------------------------------------

const BASE_MET: ModelSpec = {
  id: 307,
  length: 11,
  points: [
    { key: 'TmpAmb', at: 0, type: 'S16', scale: -1, unit: '°C', group: 'weather', column: 'ambient_temp_c' },
    { key: 'RH', at: 1, type: 'S16', unit: '%', group: 'weather' },
    { key: 'Pres', at: 2, type: 'S16', unit: 'hPa', group: 'weather' },
    { key: 'WndSpd', at: 3, type: 'S16', scale: -1, unit: 'm/s', group: 'weather', column: 'wind_speed_ms' },
    { key: 'WndDir', at: 4, type: 'S16', unit: '°', group: 'weather' },
  ],
};
const IRRADIANCE: ModelSpec = {
  id: 302,
  length: 5,
  points: [
    { key: 'GHI', at: 0, type: 'U16', unit: 'W/m²', group: 'weather', column: 'irradiance_wm2' },
    { key: 'POAI', at: 1, type: 'U16', unit: 'W/m²', group: 'weather' },
  ],
};
const MODULE_TEMPERATURE: ModelSpec = {
  id: 303,
  length: 1,
  points: [
    { key: 'TmpBOM', at: 0, type: 'S16', scale: -1, unit: '°C', group: 'weather', column: 'module_temp_c' },
  ],
};

// ---- The logger itself (not SunSpec): a small Sunfleet map ---------------------------------------------------

const LOGGER_REGISTERS: RegisterDefinition[] = [
  register({ key: 'Signal', at: 0, type: 'S16', unit: 'dBm', group: 'status' }, 0),
  register({ key: 'UploadIntvl', at: 0, type: 'U16', unit: 's', group: 'settings', range: [5, 3_600] }, 1),
  register({ key: 'IP', at: 0, type: 'IP', group: 'common' }, 2),
  register({ key: 'FwVr', at: 0, type: 'VERSION', group: 'common' }, 4),
];

export const BUILT_IN_DEFINITIONS: readonly BuiltInDefinition[] = [
  inverterDefinition(1, 'sunspec-inverter-1p', 'SunSpec inverter, single phase (1 + 101 + 160 + 123)'),
  inverterDefinition(2, 'sunspec-inverter-split', 'SunSpec inverter, split phase (1 + 102 + 160 + 123)'),
  inverterDefinition(3, 'sunspec-inverter-3p', 'SunSpec inverter, three phase (1 + 103 + 160 + 123)'),
  meterDefinition(1, 'sunspec-meter-1p', 'SunSpec meter, single phase (1 + 201)'),
  meterDefinition(2, 'sunspec-meter-split', 'SunSpec meter, split phase (1 + 202)'),
  meterDefinition(3, 'sunspec-meter-3p', 'SunSpec meter, three phase wye (1 + 203)'),
  definitionOf('sunspec-storage', 'SunSpec storage (1 + 124 + Sunfleet 64101)', 'BATTERY', [
    COMMON,
    STORAGE,
    STORAGE_VENDOR,
  ]),
  definitionOf('sunspec-weather', 'SunSpec weather station (1 + 307 + 302 + 303)', 'WEATHER_STATION', [
    COMMON,
    BASE_MET,
    IRRADIANCE,
    MODULE_TEMPERATURE,
  ]),
  {
    code: 'sunfleet-logger',
    name: 'Sunfleet data logger',
    deviceType: 'GATEWAY',
    sunspecModels: [],
    registers: LOGGER_REGISTERS,
    fixed: [],
  },
];

// ---- Display groups, device models and SN rules ---------------------------------------------------------------

export const BUILT_IN_DISPLAY_GROUPS: readonly { key: string; sort: number }[] = [
  'common',
  'ac',
  'dc',
  'mppt',
  'energy',
  'battery',
  'meter',
  'weather',
  'status',
  'settings',
].map((key, i) => ({ key, sort: (i + 1) * 10 }));

export interface BuiltInModel {
  deviceType: DeviceType;
  model: string;
  definitionCode: string;
  /** W for inverters, Wh of capacity for batteries. */
  ratedPower: number | null;
  mpptChannels: number;
  /** SN prefixes that identify the model (device rules). */
  snPrefixes: string[];
}

/**
 * The simulator's models. SN scheme: `SF` + a type letter (L logger, I inverter, M meter, B battery,
 * W weather station) + a variant (phases for inverters and meters, with A/B/C for the three-phase power
 * classes; 1/2 for the battery sizes), then production year and month (YYMM) and a six-digit serial,
 * e.g. SFI3B2606000123 is a 50 kW three-phase inverter. Rules match the longest prefix, so 'SFI3A' and
 * 'SFI1' never compete.
 */
const MODEL_TABLE: [DeviceType, string, string, number | null, number, string][] = [
  // type, model, definition, rated power (W, or Wh for batteries), MPPT channels, SN prefix
  ['GATEWAY', 'SF-LOGGER-4G', 'sunfleet-logger', null, 0, 'SFLG'],
  ['INVERTER', 'SF-INV-1P-5K', 'sunspec-inverter-1p', 5_000, 2, 'SFI1'],
  ['INVERTER', 'SF-INV-3P-10K', 'sunspec-inverter-3p', 10_000, 2, 'SFI3A'],
  ['INVERTER', 'SF-INV-3P-50K', 'sunspec-inverter-3p', 50_000, 6, 'SFI3B'],
  ['INVERTER', 'SF-INV-3P-110K', 'sunspec-inverter-3p', 110_000, 15, 'SFI3C'],
  ['METER', 'SF-MTR-1P', 'sunspec-meter-1p', null, 0, 'SFM1'],
  ['METER', 'SF-MTR-3P', 'sunspec-meter-3p', null, 0, 'SFM3'],
  ['BATTERY', 'SF-BAT-10K', 'sunspec-storage', 10_000, 0, 'SFB1'],
  ['BATTERY', 'SF-BAT-200K', 'sunspec-storage', 200_000, 0, 'SFB2'],
  ['WEATHER_STATION', 'SF-WS-1', 'sunspec-weather', null, 0, 'SFW1'],
];

export const BUILT_IN_MODELS: readonly BuiltInModel[] = MODEL_TABLE.map(
  ([deviceType, model, definitionCode, ratedPower, mpptChannels, prefix]) => ({
    deviceType,
    model,
    definitionCode,
    ratedPower,
    mpptChannels,
    snPrefixes: [prefix],
  }),
);
