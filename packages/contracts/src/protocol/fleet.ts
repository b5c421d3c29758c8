// The simulated fleet file (docs/simulator.md): stations with their loggers and devices, read by the
// simulator (apps/sim: what to simulate) and by the server's `sim` service (what to provision: stations,
// loggers bound to them, credentials). One schema, one checker, so both sides refuse the same files with
// the same messages. The physics options are few on purpose: everything else has a default by station
// type and place.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { Limits } from '../limits.js';
import { PATTERNS } from '../rules/patterns.js';
import { RuleMessage } from '../rules/messages.js';
import { validateTimePeriods } from '../rules/schedule.js';
import { ProtocolLimits } from './protocol.js';
import { BUILT_IN_MODELS, type BuiltInModel } from './sunspec-definitions.js';

export const FLEET_FILE_VERSION = 1;

/** SPEC §1 station types (the `stations.type` column). */
export const StationTypes = [
  'HOUSEHOLD_PV',
  'HOUSEHOLD_PV_STORAGE',
  'RESIDENTIAL',
  'GROUND_STATION',
  'GROUND_STORAGE_STATION',
  'RESIDENTIAL_STORAGE',
] as const;
export type StationType = (typeof StationTypes)[number];

/** Battery work modes, in the order of the storage register `WorkMode` (0…4). */
export const StorageWorkModes = [
  'SELF_CONSUMPTION',
  'EMERGENCY_CHARGING',
  'FULL_FEED_IN',
  'PV_MODE',
  'TIME_SHARED',
] as const;

export const FleetLimits = {
  stationsMax: 100_000,
  loggersPerStationMax: 64,
  stationKeyPattern: '^[a-z0-9][a-z0-9-]{0,63}$',
  nameMax: 100,
  addressMax: 200,
  /** The logger model a logger entry gets when it names none. */
  defaultLoggerModel: 'SF-LOGGER-4G',
} as const;

const DeviceSn = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });
const Model = Type.String({ minLength: 1, maxLength: 64 });

export const FleetMppt = Type.Object(
  {
    /** Parallel strings on the tracker. */
    strings: Type.Integer({ minimum: 1, maximum: 200 }),
    /** Modules (450 W) in series per string. */
    modulesPerString: Type.Integer({ minimum: 1, maximum: 60 }),
    /** Degrees from horizontal. */
    tilt: Type.Number({ minimum: 0, maximum: 90 }),
    /** Degrees eastward from north (180 = south). */
    azimuth: Type.Number({ minimum: 0, maximum: 360 }),
  },
  { additionalProperties: false },
);
export type FleetMppt = Static<typeof FleetMppt>;

export const FleetPeriod = Type.Object(
  {
    start: Type.String({ pattern: PATTERNS.timeOfDay }),
    end: Type.String({ pattern: PATTERNS.timeOfDay }),
    mode: Type.Enum(['CHARGE', 'DISCHARGE'] as const),
    powerW: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e7 })),
  },
  { additionalProperties: false },
);

/**
 * Faults that shape a string's IV curve (docs/iv-curves.md), set for good from the start of the run:
 * - SHADED_MODULE: `substrings` bypass-diode substrings (default: one module's) receive only `transmission`
 *   (default 0.2, the diffuse light under a shadow) of the light; their diodes conduct, the curve steps;
 * - BYPASS_DIODE_SHORT: `substrings` bypass diodes (default 1) have failed short: their substrings' voltage
 *   is lost (Voc down by that share, fill factor normal);
 * - DEGRADED: series resistance up, shunt resistance down and a little current lost, by `severity` 0…1
 *   (default 0.5): a low fill factor;
 * - OPEN_STRING: a blown fuse or an unplugged connector: no current.
 */
export const StringFaultKinds = ['SHADED_MODULE', 'BYPASS_DIODE_SHORT', 'DEGRADED', 'OPEN_STRING'] as const;
export type StringFaultKind = (typeof StringFaultKinds)[number];

export const FleetStringFault = Type.Object(
  {
    /** The tracker (MPPT input) and the string on it, from 1. */
    mppt: Type.Integer({ minimum: 1, maximum: 15 }),
    string: Type.Integer({ minimum: 1, maximum: 200 }),
    kind: Type.Enum(StringFaultKinds),
    /** SHADED_MODULE and BYPASS_DIODE_SHORT: how many bypass-diode substrings. */
    substrings: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_000 })),
    /** SHADED_MODULE: share of the light the shaded substrings still receive. */
    transmission: Type.Optional(Type.Number({ minimum: 0, maximum: 0.95 })),
    /** DEGRADED: how bad, 0…1. */
    severity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export type FleetStringFault = Static<typeof FleetStringFault>;

/** The optional fields of a string fault and the kinds they apply to. */
const STRING_FAULT_FIELDS = {
  substrings: ['SHADED_MODULE', 'BYPASS_DIODE_SHORT'],
  transmission: ['SHADED_MODULE'],
  severity: ['DEGRADED'],
} as const satisfies Record<string, readonly StringFaultKind[]>;

/** A fault opened on an inverter `afterS` simulated seconds after the run starts, once per run, open until cleared. */
export const FleetFault = Type.Object(
  {
    /** A code of the simulator's fault catalogue for inverters (docs/simulator.md). */
    code: Type.Integer({ minimum: 0, maximum: 65_535 }),
    afterS: Type.Integer({ minimum: 0, maximum: 31_622_400 }),
  },
  { additionalProperties: false },
);
export type FleetFault = Static<typeof FleetFault>;

/**
 * A device behind a logger. `model` (a built-in model) decides the kind; the other fields apply to one
 * kind only: `mppts`/`initialEnergyWh` to inverters, `capacityWh`…`periods` to batteries.
 */
export const FleetDevice = Type.Object(
  {
    sn: DeviceSn,
    model: Model,
    /** Modbus unit id; when given it must be the one the simulator assigns (docs/simulator.md). */
    unitId: Type.Optional(Type.Integer({ minimum: 1, maximum: 247 })),
    firmware: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    /** Default: strings sized for the model (about 1.15 DC/AC), facing the equator. */
    mppts: Type.Optional(Type.Array(FleetMppt, { minItems: 1, maxItems: 15 })),
    /** Faults of single strings that shape their IV curves, at most one per string (docs/iv-curves.md). */
    stringFaults: Type.Optional(Type.Array(FleetStringFault, { maxItems: 3_000 })),
    /** Faults opened on the inverter during the run (its alarm and its automatic fault recording). */
    faults: Type.Optional(Type.Array(FleetFault, { maxItems: 16 })),
    /** Lifetime energy already on the counter, Wh. */
    initialEnergyWh: Type.Optional(Type.Number({ minimum: 0, maximum: 1e13 })),
    /** Default: the model's capacity. */
    capacityWh: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
    /** Charge and discharge limit, W (default 0.5 C). */
    maxPowerW: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e7 })),
    workMode: Type.Optional(Type.Enum(StorageWorkModes)),
    periods: Type.Optional(Type.Array(FleetPeriod, { maxItems: Limits.timeSlots })),
    initialSocPct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Controlled on site from the start (remote-control switch off): refuses state-changing commands. */
    localControl: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FleetDevice = Static<typeof FleetDevice>;

export const FleetLogger = Type.Object(
  {
    sn: Type.String({ pattern: PATTERNS.loggerSn }),
    /** Default SF-LOGGER-4G. */
    model: Type.Optional(Model),
    firmware: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    /** Seconds between telemetry uploads (default 300). */
    uploadInterval: Type.Optional(
      Type.Integer({ minimum: ProtocolLimits.uploadIntervalMin, maximum: ProtocolLimits.uploadIntervalMax }),
    ),
    /** Seconds between samples (default: the upload interval). */
    sampleInterval: Type.Optional(Type.Integer({ minimum: 1, maximum: ProtocolLimits.uploadIntervalMax })),
    network: Type.Optional(Type.Enum(['CELLULAR', 'WIFI', 'ETHERNET'] as const)),
    readings: Type.Optional(Type.Enum(['values', 'raw', 'both'] as const)),
    devices: Type.Array(FleetDevice, { minItems: 1, maxItems: ProtocolLimits.maxDevicesPerHello }),
  },
  { additionalProperties: false },
);
export type FleetLogger = Static<typeof FleetLogger>;

export const FleetStation = Type.Object(
  {
    /** Stable identity inside the file (and part of the physics seed: same key, same weather). */
    key: Type.String({ pattern: FleetLimits.stationKeyPattern }),
    name: Type.String({ minLength: 1, maxLength: FleetLimits.nameMax }),
    type: Type.Enum(StationTypes),
    /** An existing company (the demo uses the installers 3 and 4 below the simulated distributor 2). */
    companyId: Type.Integer({ minimum: 1 }),
    /** The owner account, by user name; provisioning skips it (with a warning) when it does not exist. */
    ownerUsername: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.usernameMax })),
    address: Type.String({ maxLength: FleetLimits.addressMax }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    /** Metres above sea level. */
    elevation: Type.Number({ minimum: -500, maximum: 9_000 }),
    /** IANA time zone; the station's days (and rollups) follow it. */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    /** Installed DC capacity, kWp, as the console shows it. */
    capacityKwp: Type.Number({ exclusiveMinimum: 0, maximum: 1e6 }),
    /** Price per kWh in `currency`. */
    price: Type.Number({ minimum: 0, maximum: 1e6 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    /** 'YYYY-MM-DD'. */
    installedAt: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    /** Default orientation of generated strings (default: tilt from latitude, facing the equator). */
    tilt: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
    azimuth: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
    /** Consumption behind the meter (default by type: households 4,500 kWh, commercial, none on ground). */
    load: Type.Optional(
      Type.Object(
        {
          kind: Type.Enum(['HOUSEHOLD', 'COMMERCIAL', 'NONE'] as const),
          annualKwh: Type.Number({ minimum: 0, maximum: 1e9 }),
        },
        { additionalProperties: false },
      ),
    ),
    /** Long-run shares of clear and overcast days (default a temperate climate). */
    cloudClimate: Type.Optional(
      Type.Object(
        {
          clearDays: Type.Number({ minimum: 0, maximum: 1 }),
          overcastDays: Type.Number({ minimum: 0, maximum: 1 }),
          seasonalSwing: Type.Optional(Type.Number({ minimum: -1, maximum: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** Multiplier of the random fault rates (default 1, 0 = none). */
    faultRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000 })),
    loggers: Type.Array(FleetLogger, { minItems: 1, maxItems: FleetLimits.loggersPerStationMax }),
  },
  { additionalProperties: false },
);
export type FleetStation = Static<typeof FleetStation>;

export const FleetFile = Type.Object(
  {
    version: Type.Literal(FLEET_FILE_VERSION),
    description: Type.Optional(Type.String({ maxLength: 1_000 })),
    /** With the station keys and device SNs it decides every random draw. */
    seed: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Integer()]),
    stations: Type.Array(FleetStation, { minItems: 1, maxItems: FleetLimits.stationsMax }),
  },
  { additionalProperties: false },
);
export type FleetFile = Static<typeof FleetFile>;

/** One reason a fleet file is refused: where (`stations[2].loggers[0].sn`) and why. */
export interface FleetProblem {
  path: string;
  message: string;
}

/** 'stations/2/loggers/0/sn' (a JSON pointer) → 'stations[2].loggers[0].sn'. */
function readablePath(pointer: string): string {
  const parts = pointer.split('/').filter((p) => p !== '');
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(file)' : out;
}

function schemaProblems(value: unknown): FleetProblem[] {
  const problems: FleetProblem[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(FleetFile, value)) {
    // `additionalProperties: false` reports each unknown field twice (as "schema is false" too).
    if (error.keyword === 'boolean') continue;
    const params = error.params as { additionalProperties?: string[]; allowedValues?: unknown[] };
    let { message } = error;
    if (error.keyword === 'additionalProperties' && params.additionalProperties) {
      message = `unknown field${params.additionalProperties.length > 1 ? 's' : ''} ${params.additionalProperties
        .map((f) => `"${f}"`)
        .join(', ')}`;
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      message = `must be one of ${params.allowedValues.map(String).join(', ')}`;
    }
    const problem = { path: readablePath(error.instancePath), message };
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const UNIT_ORDER = ['INVERTER', 'BATTERY', 'METER', 'WEATHER_STATION'] as const;

/** Unit ids as the simulator assigns them: inverters first (in file order), then battery, meter, weather. */
export function fleetUnitIds(devices: readonly FleetDevice[]): number[] {
  const kinds = devices.map((d) => BUILT_IN_MODELS.find((m) => m.model === d.model)?.deviceType);
  const order: number[] = [];
  for (const kind of UNIT_ORDER) kinds.forEach((k, i) => k === kind && order.push(i));
  const ids = new Array<number>(devices.length).fill(0);
  order.forEach((deviceIndex, position) => (ids[deviceIndex] = position + 1));
  return ids;
}

function checkModel(
  problems: FleetProblem[],
  path: string,
  sn: string,
  name: string,
  gateway: boolean,
): BuiltInModel | undefined {
  const model = BUILT_IN_MODELS.find((m) => m.model === name);
  if (!model || (model.deviceType === 'GATEWAY') !== gateway) {
    const known = BUILT_IN_MODELS.filter((m) => (m.deviceType === 'GATEWAY') === gateway).map((m) => m.model);
    problems.push({ path: `${path}.model`, message: `unknown model "${name}" (known: ${known.join(', ')})` });
    return undefined;
  }
  if (!model.snPrefixes.some((prefix) => sn.startsWith(prefix))) {
    problems.push({
      path: `${path}.sn`,
      message: `${sn} does not start with ${model.snPrefixes.join(' or ')}, the SN prefix of ${model.model}`,
    });
  }
  return model;
}

const PERIOD_PROBLEMS: Record<string, string> = {
  [RuleMessage.timePeriodFormat]: "times are 'HH:mm'",
  [RuleMessage.timePeriodDuplicate]: 'periods overlap',
  [RuleMessage.timePeriodTooMany]: `at most ${Limits.timeSlots} periods`,
};

const BATTERY_FIELDS = ['capacityWh', 'maxPowerW', 'workMode', 'periods', 'initialSocPct'] as const;
const INVERTER_FIELDS = ['mppts', 'initialEnergyWh', 'stringFaults', 'faults'] as const;

/** Each string fault names a tracker and string the inverter has, once, with the fields of its kind. */
function checkStringFaults(
  problems: FleetProblem[],
  at: string,
  device: FleetDevice,
  model: BuiltInModel,
): void {
  const seen = new Set<string>();
  (device.stringFaults ?? []).forEach((fault, f) => {
    const path = `${at}.stringFaults[${f}]`;
    const channels = device.mppts?.length ?? model.mpptChannels;
    if (fault.mppt > channels) {
      problems.push({ path: `${path}.mppt`, message: `the inverter has ${channels} MPPT inputs` });
    } else {
      const strings = device.mppts?.[fault.mppt - 1]?.strings;
      if (strings !== undefined && fault.string > strings)
        problems.push({
          path: `${path}.string`,
          message: `MPPT ${fault.mppt} has ${strings} string${strings === 1 ? '' : 's'}`,
        });
    }
    const key = `${fault.mppt}/${fault.string}`;
    if (seen.has(key))
      problems.push({ path, message: `string ${fault.string} of MPPT ${fault.mppt} already has a fault` });
    seen.add(key);
    for (const [field, kinds] of Object.entries(STRING_FAULT_FIELDS)) {
      if (
        fault[field as keyof typeof STRING_FAULT_FIELDS] !== undefined &&
        !(kinds as readonly string[]).includes(fault.kind)
      )
        problems.push({ path: `${path}.${field}`, message: `applies to ${kinds.join(' and ')} only` });
    }
  });
}

function checkDevices(problems: FleetProblem[], path: string, devices: readonly FleetDevice[]): void {
  const count: Record<string, number> = {};
  const unitIds = fleetUnitIds(devices);
  devices.forEach((device, d) => {
    const at = `${path}.devices[${d}]`;
    const model = checkModel(problems, at, device.sn, device.model, false);
    if (!model) return;
    const kind = model.deviceType;
    count[kind] = (count[kind] ?? 0) + 1;
    if (device.unitId !== undefined && device.unitId !== unitIds[d]) {
      problems.push({
        path: `${at}.unitId`,
        message: `must be ${unitIds[d]}: unit ids go inverters first (in file order), then battery, meter, weather station`,
      });
    }
    if (kind !== 'BATTERY') {
      for (const field of BATTERY_FIELDS) {
        if (device[field] !== undefined)
          problems.push({ path: `${at}.${field}`, message: 'applies to batteries only' });
      }
    }
    if (kind !== 'INVERTER') {
      for (const field of INVERTER_FIELDS) {
        if (device[field] !== undefined)
          problems.push({ path: `${at}.${field}`, message: 'applies to inverters only' });
      }
    }
    if (kind === 'INVERTER') checkStringFaults(problems, at, device, model);
    if (device.mppts && device.mppts.length > model.mpptChannels) {
      problems.push({
        path: `${at}.mppts`,
        message: `${model.model} has ${model.mpptChannels} MPPT channels, not ${device.mppts.length}`,
      });
    }
    if (device.periods) {
      const rule = validateTimePeriods(device.periods);
      if (rule !== null) problems.push({ path: `${at}.periods`, message: PERIOD_PROBLEMS[rule] ?? rule });
    }
  });
  for (const kind of ['BATTERY', 'METER', 'WEATHER_STATION']) {
    if ((count[kind] ?? 0) > 1) {
      problems.push({
        path: `${path}.devices`,
        message: `at most one ${kind.toLowerCase().replace('_', ' ')} per logger`,
      });
    }
  }
  if ((count.INVERTER ?? 0) + (count.BATTERY ?? 0) === 0 && devices.length > 0) {
    problems.push({ path: `${path}.devices`, message: 'a logger needs an inverter or a battery' });
  }
}

/**
 * Every reason the value is not a usable fleet file (empty when it is): the schema first, then what a
 * schema cannot say — unique keys and SNs, known models with their SN prefixes, one battery/meter/weather
 * station per logger, unit ids, time zones, battery time periods.
 */
export function checkFleetFile(value: unknown): FleetProblem[] {
  const problems = schemaProblems(value);
  if (problems.length > 0) return problems;
  const fleet = value as FleetFile;
  const keys = new Map<string, number>();
  const sns = new Map<string, string>();
  const claim = (sn: string, path: string): void => {
    const other = sns.get(sn);
    if (other !== undefined)
      problems.push({ path: `${path}.sn`, message: `${sn} is already used at ${other}` });
    else sns.set(sn, path);
  };
  fleet.stations.forEach((station, s) => {
    const at = `stations[${s}]`;
    const other = keys.get(station.key);
    if (other !== undefined) {
      problems.push({ path: `${at}.key`, message: `"${station.key}" is already used by stations[${other}]` });
    } else keys.set(station.key, s);
    if (!isValidTimeZone(station.timeZone)) {
      problems.push({ path: `${at}.timeZone`, message: `"${station.timeZone}" is not an IANA time zone` });
    }
    station.loggers.forEach((logger, l) => {
      const path = `${at}.loggers[${l}]`;
      claim(logger.sn, path);
      checkModel(problems, path, logger.sn, logger.model ?? FleetLimits.defaultLoggerModel, true);
      logger.devices.forEach((device, d) => claim(device.sn, `${path}.devices[${d}]`));
      checkDevices(problems, path, logger.devices);
    });
  });
  return problems;
}

/** The problems as lines, at most `max` of them (and how many more there are). */
export function formatFleetProblems(problems: readonly FleetProblem[], max = 20): string {
  const lines = problems.slice(0, max).map((p) => `  ${p.path}: ${p.message}`);
  if (problems.length > max) lines.push(`  … and ${problems.length - max} more`);
  return lines.join('\n');
}
