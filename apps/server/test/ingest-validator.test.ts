// The ingest's syntactic checks, one dead-letter reason at a time (no database, no broker).
import { describe, expect, it } from 'vitest';
import { ProtocolLimits } from '@sunfleet/contracts';
import { checkTimestamps, findForbidden, UplinkValidator } from '../src/modules/ingest/validator.js';

const validator = new UplinkValidator();
const now = Date.UTC(2026, 5, 1, 12);
const telemetry = { v: 1, seq: 1, readings: [{ dev: 'SFI3A0001', ts: now, values: { W: 1 } }] };
const buf = (body: unknown): Buffer => Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
const reasonOf = (kind: Parameters<UplinkValidator['validate']>[0], body: unknown): string | null => {
  const verdict = validator.validate(kind, Buffer.isBuffer(body) ? body : buf(body));
  return verdict.ok ? null : verdict.reason;
};

describe('uplink validator', () => {
  it('accepts a valid message of each kind', () => {
    expect(reasonOf('telemetry', telemetry)).toBeNull();
    expect(
      reasonOf('hello', {
        v: 1,
        model: 'M',
        firmware: '1',
        mac: '02:1A:2B:3C:4D:5E',
        signal: null,
        uploadInterval: 60,
        devices: [],
      }),
    ).toBeNull();
    expect(
      reasonOf('alarm', {
        v: 1,
        alarms: [{ id: 'a', dev: 'X', kind: 'ALARM', code: 1, level: 'URGENT', start: now }],
      }),
    ).toBeNull();
    expect(
      reasonOf('cmd/res', { v: 1, id: '5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20', state: 'DONE' }),
    ).toBeNull();
    expect(
      reasonOf('firmware', {
        v: 1,
        id: '5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20',
        stage: 'DOWNLOADING',
        percent: 5,
      }),
    ).toBeNull();
  });

  it('refuses a payload above the size limit before reading it', () => {
    const verdict = validator.validate('telemetry', Buffer.alloc(ProtocolLimits.maxPayloadBytes + 1, 0x20));
    expect(verdict).toMatchObject({ ok: false, reason: 'payload-too-large' });
  });

  it('refuses what is not JSON: bad UTF-8, truncation, NaN and Infinity literals', () => {
    expect(reasonOf('telemetry', Buffer.from([0x7b, 0xff, 0x7d]))).toBe('invalid-json');
    expect(reasonOf('telemetry', JSON.stringify(telemetry).slice(0, 20))).toBe('invalid-json');
    expect(reasonOf('telemetry', '{"v":1,"seq":1,"readings":[{"dev":"A","ts":1,"values":{"W":NaN}}]}')).toBe(
      'invalid-json',
    );
    expect(reasonOf('telemetry', '{"v":1,"seq":-Infinity,"readings":[]}')).toBe('invalid-json');
  });

  it('refuses numbers that overflow to infinity', () => {
    const verdict = validator.validate(
      'telemetry',
      buf(JSON.stringify(telemetry).replace('"W":1', '"W":-1e400')),
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'not-finite' });
    expect(verdict.ok ? '' : verdict.detail).toContain('/readings/0/values/W');
  });

  it('refuses schema violations with the first errors in the detail', () => {
    const verdict = validator.validate('telemetry', buf({ ...telemetry, seq: 'one' }));
    expect(verdict).toMatchObject({ ok: false, reason: 'schema' });
    expect(verdict.ok ? '' : verdict.detail).toContain('/seq must be integer');
    expect(reasonOf('telemetry', { ...telemetry, extra: true })).toBe('schema');
    expect(reasonOf('telemetry', { ...telemetry, readings: [] })).toBe('schema');
    expect(
      reasonOf('telemetry', {
        v: 1,
        seq: 1,
        readings: [{ dev: 'A', ts: now, raw: [{ address: 1, hex: 'ABC' }] }],
      }),
    ).toBe('schema');
    expect(reasonOf('cmd/res', { v: 1, id: 'not-a-uuid', state: 'DONE' })).toBe('schema');
    expect(reasonOf('telemetry', [1, 2, 3])).toBe('schema');
  });

  it('refuses __proto__ keys wherever they are, without touching any prototype', () => {
    const verdict = validator.validate(
      'cmd/res',
      buf(
        '{"v":1,"id":"5b2f7c1e-0d7a-4c43-9d0e-8f1d7e1a9b20","state":"DONE","result":{"a":{"__proto__":{"polluted":1}}}}',
      ),
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'schema' });
    expect(verdict.ok ? '' : verdict.detail).toContain('/result/a/__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // An escaped spelling is the same key once parsed.
    expect(findForbidden(JSON.parse('{"\\u005f_proto__":{}}'))).toMatchObject({ reason: 'schema' });
    // `constructor` is an ordinary (legal) measure key.
    expect(
      reasonOf('telemetry', { ...telemetry, readings: [{ dev: 'A', ts: now, values: { constructor: 1 } }] }),
    ).toBeNull();
  });

  it('names topics that are no uplink kind', () => {
    expect(validator.kindOf('sf/v1/SFL0000001/up/telemetry')).toEqual({ ok: true, value: 'telemetry' });
    expect(validator.kindOf('sf/v1/SFL0000001/up/cmd/res')).toEqual({ ok: true, value: 'cmd/res' });
    expect(validator.kindOf('sf/v1/SFL0000001/up/other')).toMatchObject({
      ok: false,
      reason: 'unknown-topic',
    });
    expect(validator.kindOf('sf/v2/SFL0000001/up/telemetry')).toMatchObject({
      ok: false,
      reason: 'unknown-topic',
    });
  });

  it('accepts reading times within the age and clock-skew limits only', () => {
    const day = 86_400_000;
    const oldest = now - ProtocolLimits.maxReadingAgeDays * day;
    const newest = now + ProtocolLimits.maxClockSkewSeconds * 1000;
    expect(checkTimestamps([oldest, now, newest], now).ok).toBe(true);
    expect(checkTimestamps([now, oldest - 1], now)).toMatchObject({
      ok: false,
      reason: 'timestamp-out-of-range',
    });
    expect(checkTimestamps([newest + 1], now)).toMatchObject({ ok: false, reason: 'timestamp-out-of-range' });
    expect(checkTimestamps([0], now).ok).toBe(false);
    expect(checkTimestamps([Date.UTC(2100, 0, 1)], now).ok).toBe(false);
  });
});
