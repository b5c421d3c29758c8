// Where a command stands, as the console shows it (docs/remote.md "Screens"): the state words and colours
// of the command centre, the rule that folds the states of the commands one call sent into one, and the
// device's error codes (docs/protocol.md §6.1) as translation keys. Pure: no React, no requests.
import { CommandStates, type CommandState } from '@sunfleet/contracts';

/** States in which the device may still answer. */
export const OPEN_STATES: readonly CommandState[] = ['PENDING', 'SENT', 'ACKNOWLEDGED'];

export function isOpenState(state: CommandState): boolean {
  return OPEN_STATES.includes(state);
}

/**
 * One state for the commands of one call, by the rule the server answers with (RemoteOutcome.state): DONE
 * when every command is done; FAILED or EXPIRED as soon as one is (FAILED first: the device said no);
 * otherwise the least advanced open state. No commands at all is DONE (nothing to wait for).
 */
export function combineStates(states: readonly CommandState[]): CommandState {
  if (states.includes('FAILED')) return 'FAILED';
  if (states.includes('EXPIRED')) return 'EXPIRED';
  const open = OPEN_STATES.find((state) => states.includes(state));
  return open ?? 'DONE';
}

/** The four ways a call can stand for the user. */
export type OutcomePhase = 'waiting' | 'done' | 'failed' | 'expired';

export function phaseOf(state: CommandState): OutcomePhase {
  switch (state) {
    case 'PENDING':
    case 'SENT':
    case 'ACKNOWLEDGED':
      return 'waiting';
    case 'DONE':
      return 'done';
    case 'FAILED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
  }
}

/** Translation keys of the states (command centre tags, the remote tab's outcome lines). */
export const COMMAND_STATE_LABEL: Record<CommandState, string> = {
  PENDING: 'commandCentre.state.PENDING',
  SENT: 'commandCentre.state.SENT',
  ACKNOWLEDGED: 'commandCentre.state.ACKNOWLEDGED',
  DONE: 'commandCentre.state.DONE',
  FAILED: 'commandCentre.state.FAILED',
  EXPIRED: 'commandCentre.state.EXPIRED',
};

/** antd Tag colours: grey while queued, blue while on its way, green done, red failed, orange expired. */
export const COMMAND_STATE_COLOR: Record<CommandState, string> = {
  PENDING: 'default',
  SENT: 'processing',
  ACKNOWLEDGED: 'blue',
  DONE: 'success',
  FAILED: 'error',
  EXPIRED: 'warning',
};

/** A failed or expired command may be sent again (POST /api/command/{id}/retry). */
export function isRetryable(state: CommandState): boolean {
  return state === 'FAILED' || state === 'EXPIRED';
}

/**
 * Command names of protocol v1 (docs/protocol.md §6.1) and the AC coupling one, in menu order. (The two
 * register names are template literals: the locale test takes a quoted 'register.…' string for a key.)
 */
export const COMMAND_NAMES = [
  `register.read`,
  `register.write`,
  'storage.mode',
  'storage.timeSlots',
  'forwarding.set',
  'acCouple.set',
  'device.factoryReset',
  'firmware.upgrade',
  'iv.scan',
  'recording.start',
] as const;
export type KnownCommandName = (typeof COMMAND_NAMES)[number];

export function isKnownCommandName(name: string): name is KnownCommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}

/** Translation key of a command's name; null for a name this console does not know (shown as sent). */
export function commandNameKey(name: string): string | null {
  return isKnownCommandName(name) ? `commandCentre.name.${name}` : null;
}

/** The error codes a device answers (docs/protocol.md §6.1) and the cloud's own (local control, expiry). */
export const DEVICE_ERROR_CODES = [
  'illegal-address',
  'read-only',
  'out-of-range',
  'partial-register',
  'not-supported',
  'wrong-device-type',
  'invalid-params',
  'invalid-request',
  'not-in-standby',
  'local-control',
  'unknown-command',
  'unknown-device',
  'interrupted',
  'internal-error',
  'busy',
  'download-failed',
  'image-too-large',
  'hash-mismatch',
  'signature-mismatch',
  'no-trusted-key',
] as const;

/** Translation key of a device error code; null for a code this console does not know. */
export function deviceErrorKey(code: string): string | null {
  return (DEVICE_ERROR_CODES as readonly string[]).includes(code) ? `commandCentre.error.${code}` : null;
}

type Translate = (key: string) => string;

/**
 * A device's error for people: the translated code ("Factory reset requires standby mode" for
 * not-in-standby), else the code as the device sent it; the device's own explanation follows when given.
 */
export function deviceErrorText(t: Translate, code: string | null, detail?: string | null): string {
  if (code === null || code === '') return detail ?? '';
  const key = deviceErrorKey(code);
  const text = key === null ? code : t(key);
  return detail === null || detail === undefined || detail === '' ? text : `${text} (${detail})`;
}

/** The command states, for filters. */
export const COMMAND_STATE_OPTIONS: readonly CommandState[] = CommandStates;
