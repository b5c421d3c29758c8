// Syntactic checks of an uplink, in the order that keeps a hostile payload cheapest to refuse: size,
// UTF-8, JSON, a walk for non-finite numbers and prototype keys, then the compiled protocol schema.
// Everything here is synchronous and pure; checks that need the registry live in the handlers.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import {
  parseUplinkTopic,
  ProtocolLimits,
  UplinkSchemas,
  type AlarmMessage,
  type CommandResult,
  type FirmwareProgress,
  type HelloMessage,
  type RecordingUplink,
  type TelemetryMessage,
  type UplinkKind,
} from '@sunfleet/contracts';
import { refuse, type Verdict } from './reasons.js';

export type Uplink =
  | { kind: 'hello'; message: HelloMessage }
  | { kind: 'telemetry'; message: TelemetryMessage }
  | { kind: 'alarm'; message: AlarmMessage }
  | { kind: 'cmd/res'; message: CommandResult }
  | { kind: 'firmware'; message: FirmwareProgress }
  | { kind: 'recording'; message: RecordingUplink };

/** How many schema errors the dead letter's detail quotes. */
const QUOTED_ERRORS = 3;

// ajv-formats is CommonJS; depending on the loader its plugin is the module or its `default`.
const addFormats: typeof formatsPlugin =
  (formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Finds what JSON.parse lets through but the protocol forbids: numbers that overflowed to ±Infinity
 * (`1e400`) and keys that a later property copy would turn into a prototype change. Iterative, so a
 * deeply nested payload cannot overflow the stack; paths are only worked out for a finding (this walk
 * runs over every value of every message).
 */
export function findForbidden(root: unknown): { reason: 'not-finite' | 'schema'; path: string } | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return locate(root);
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key === '__proto__') return locate(root);
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return null;
}

/** The same walk with paths, for the dead letter's detail. */
function locate(root: unknown): { reason: 'not-finite' | 'schema'; path: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { reason: 'not-finite', path: path || '/' };
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i] as unknown, path: `${path}/${i}` });
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key === '__proto__') return { reason: 'schema', path: `${path}/${key}` };
        stack.push({ value: (value as Record<string, unknown>)[key], path: `${path}/${key}` });
      }
    }
  }
  return null;
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  const list = (errors ?? []).slice(0, QUOTED_ERRORS).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'`
        : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
  const more =
    (errors?.length ?? 0) > QUOTED_ERRORS ? ` (+${(errors?.length ?? 0) - QUOTED_ERRORS} more)` : '';
  return `${list.join('; ')}${more}`;
}

export class UplinkValidator {
  private readonly validators: Record<UplinkKind, ValidateFunction>;

  constructor() {
    // allErrors off: the first failure is enough for the dead letter and stops work on hostile input early.
    const ajv = new Ajv({ allErrors: false, strict: true });
    addFormats(ajv);
    this.validators = {
      hello: ajv.compile(UplinkSchemas.hello),
      telemetry: ajv.compile(UplinkSchemas.telemetry),
      alarm: ajv.compile(UplinkSchemas.alarm),
      'cmd/res': ajv.compile(UplinkSchemas['cmd/res']),
      firmware: ajv.compile(UplinkSchemas.firmware),
      recording: ajv.compile(UplinkSchemas.recording),
    };
  }

  /** The message kind of a topic, or a refusal for a topic that is none. */
  kindOf(topic: string): Verdict<UplinkKind> {
    const parsed = parseUplinkTopic(topic);
    return parsed === null
      ? refuse('unknown-topic', `not an uplink topic: ${topic.slice(0, 200)}`)
      : { ok: true, value: parsed.kind };
  }

  validate(kind: UplinkKind, payload: Buffer): Verdict<Uplink> {
    if (payload.length > ProtocolLimits.maxPayloadBytes) {
      return refuse(
        'payload-too-large',
        `${payload.length} bytes; at most ${ProtocolLimits.maxPayloadBytes} are accepted`,
      );
    }
    let data: unknown;
    try {
      data = JSON.parse(utf8.decode(payload));
    } catch (err) {
      return refuse('invalid-json', err instanceof Error ? err.message.slice(0, 200) : 'not JSON');
    }
    const forbidden = findForbidden(data);
    if (forbidden !== null) {
      return forbidden.reason === 'not-finite'
        ? refuse('not-finite', `${forbidden.path} is not a finite number`)
        : refuse('schema', `${forbidden.path}: the key __proto__ is not allowed`);
    }
    const validate = this.validators[kind];
    if (!validate(data)) return refuse('schema', describeErrors(validate.errors));
    // The compiled schema is the contract: from here on the message has its static type.
    return { ok: true, value: { kind, message: data } as Uplink };
  }
}

/** The first reading time outside [now − maxReadingAgeDays, now + maxClockSkewSeconds], as a refusal. */
export function checkTimestamps(times: Iterable<number>, nowMs: number): Verdict<null> {
  const oldest = nowMs - ProtocolLimits.maxReadingAgeDays * 86_400_000;
  const newest = nowMs + ProtocolLimits.maxClockSkewSeconds * 1000;
  for (const ts of times) {
    if (ts < oldest || ts > newest) {
      return refuse(
        'timestamp-out-of-range',
        `${new Date(ts).toISOString()} is outside ${new Date(oldest).toISOString()} … ${new Date(newest).toISOString()}`,
      );
    }
  }
  return { ok: true, value: null };
}
