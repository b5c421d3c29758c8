// The built-in fault-code catalogue: the vendor codes of the Sunfleet devices (and the simulator) and the
// SunSpec event bits of inverters, meters and batteries. Seeded per built-in protocol definition of the
// entry's device type (docs/alarms.md "Fault-code catalogue"); the cloud's own alarm codes (cloud.ts) are
// global entries.
import { SUNSPEC_BATTERY_FAULT_CODES } from './sunspec-battery.js';
import { SUNSPEC_INVERTER_FAULT_CODES, SUNSPEC_METER_FAULT_CODES } from './sunspec-inverter-meter.js';
import type { BuiltInFaultCode } from './types.js';
import { VENDOR_FAULT_CODES } from './vendor.js';

export { SunSpecEventCodeBase, sunspecEventCode, type BuiltInFaultCode } from './types.js';
export { CLOUD_FAULT_CODES, type BuiltInGlobalFaultCode } from './cloud.js';

export const BUILT_IN_FAULT_CODES: readonly BuiltInFaultCode[] = [
  ...VENDOR_FAULT_CODES,
  ...SUNSPEC_INVERTER_FAULT_CODES,
  ...SUNSPEC_METER_FAULT_CODES,
  ...SUNSPEC_BATTERY_FAULT_CODES,
];
