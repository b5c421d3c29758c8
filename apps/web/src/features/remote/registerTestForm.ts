// The batch register test's form → request (docs/remote.md "Screens"): a model, its devices, and either
// registers by key or a raw range (a 0x… address of at most 4 hex digits and a count). Pure.
import {
  RemoteLimits,
  RuleMessage,
  validateHexInput,
  type RegisterTestBody,
  type RegisterTestView,
  type RuleResult,
} from '@sunfleet/contracts';

export type RegisterTestMode = 'keys' | 'raw';

export interface RegisterTestForm {
  model: string | undefined;
  deviceIds: number[];
  mode: RegisterTestMode;
  keys: string[];
  address: string;
  count: number;
}

export type RegisterTestProblem =
  | 'registerTestPage.problem.model'
  | 'registerTestPage.problem.devices'
  | 'registerTestPage.problem.tooManyDevices'
  | 'registerTestPage.problem.keys'
  | 'registerTestPage.problem.tooManyKeys'
  | RuleResult;

/** The first thing keeping the test from running (a translation key), or null. */
export function registerTestProblem(form: RegisterTestForm): RegisterTestProblem {
  if (form.model === undefined) return 'registerTestPage.problem.model';
  if (form.deviceIds.length === 0) return 'registerTestPage.problem.devices';
  if (form.deviceIds.length > RemoteLimits.registerTestDevicesMax)
    return 'registerTestPage.problem.tooManyDevices';
  if (form.mode === 'keys') {
    if (form.keys.length === 0) return 'registerTestPage.problem.keys';
    if (form.keys.length > RemoteLimits.registerTestKeysMax) return 'registerTestPage.problem.tooManyKeys';
    return null;
  }
  if (form.address.trim() === '') return RuleMessage.valueRequired;
  return validateHexInput(form.address.trim());
}

/** The request of a form without problems. */
export function registerTestBody(form: RegisterTestForm): RegisterTestBody {
  const base = { model: form.model ?? '', deviceIds: [...new Set(form.deviceIds)] };
  if (form.mode === 'keys') return { ...base, keys: [...new Set(form.keys)] };
  return {
    ...base,
    address: Number.parseInt(form.address.trim().slice(2), 16),
    count: Math.min(Math.max(1, Math.trunc(form.count)), RemoteLimits.readCountMax),
  };
}

/** What a test read: `P1, P2 …` by key, or `0x9C40 × 2` for a raw range. */
export function registerSetText(test: Pick<RegisterTestView, 'keys' | 'address' | 'count'>): string {
  if (test.address !== null)
    return `0x${test.address.toString(16).toUpperCase().padStart(4, '0')} × ${String(test.count ?? 1)}`;
  return test.keys.join(', ');
}
