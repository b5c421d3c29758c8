// Pure formatting rules of SPEC §9, shared by the server (exports, reports) and the web.
export * from './format/numeric.js';
export { scaleStepFor, type ScaleStep } from './format/scale.js';
export * from './format/energy.js';
export * from './format/power.js';
export * from './format/amount.js';
export * from './format/number.js';
export * from './format/money.js';
export * from './time/epoch.js';
export * from './time/date-format.js';
export * from './time/relative.js';
export * from './time/greeting.js';
export * from './status/status.js';
export * from './registers/decode.js';
export * from './registers/columns.js';
export * from './registers/wide-row-mapper.js';
export * from './energy/impact.js';
export * from './energy/balance.js';
export * from './time/zone.js';
