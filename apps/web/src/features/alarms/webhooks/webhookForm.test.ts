import { describe, expect, it } from 'vitest';
import {
  generateSecret,
  secretProblem,
  toCreateBody,
  toUpdateBody,
  webhookState,
  WEBHOOK_URL_PATTERN,
} from './webhookForm';

describe('webhook form', () => {
  it('makes a 43-character base64url secret from 32 random bytes', () => {
    const secret = generateSecret((b) => b.fill(255));
    expect(secret).toBe('_'.repeat(42) + '8');
    expect(generateSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSecret()).not.toBe(generateSecret());
  });

  it('trims name and address, keeps the secret as typed and orders the kinds', () => {
    const body = toCreateBody({
      name: '  Ops  ',
      url: ' https://hooks.example.com/in ',
      secret: ' not trimmed here ',
      enabled: true,
      events: ['CLEARED', 'RAISED', 'ESCALATED'],
    });
    expect(body).toEqual({
      name: 'Ops',
      url: 'https://hooks.example.com/in',
      secret: ' not trimmed here ',
      enabled: true,
      events: ['RAISED', 'CLEARED', 'ESCALATED'],
    });
  });

  it('leaves the secret out of an update when the field is empty', () => {
    const values = {
      name: 'a',
      url: 'http://x.example',
      secret: '',
      enabled: false,
      events: ['RAISED' as const],
    };
    expect(toUpdateBody(values)).not.toHaveProperty('secret');
    expect(toUpdateBody({ ...values, secret: 'x'.repeat(16) })).toHaveProperty('secret', 'x'.repeat(16));
  });

  it('checks secrets as the server does', () => {
    expect(secretProblem('', true)).toBe('required');
    expect(secretProblem('', false)).toBeNull();
    expect(secretProblem('short', false)).toBe('length');
    expect(secretProblem('x'.repeat(257), true)).toBe('length');
    expect(secretProblem(` ${'x'.repeat(16)}`, true)).toBe('characters');
    expect(secretProblem(`${'x'.repeat(16)}\u0007`, true)).toBe('characters');
    expect(secretProblem('x'.repeat(16), true)).toBeNull();
  });

  it('takes absolute http(s) addresses only', () => {
    expect(WEBHOOK_URL_PATTERN.test('https://hooks.example.com/a?b=c')).toBe(true);
    expect(WEBHOOK_URL_PATTERN.test('http://127.0.0.1:8080')).toBe(true);
    expect(WEBHOOK_URL_PATTERN.test('ftp://hooks.example.com')).toBe(false);
    expect(WEBHOOK_URL_PATTERN.test('hooks.example.com')).toBe(false);
    expect(WEBHOOK_URL_PATTERN.test('https:// spaced.example')).toBe(false);
  });

  it('tells on, failing, off by hand and switched off after failures apart', () => {
    expect(webhookState({ enabled: true, disabledReason: null, consecutiveFailures: 0 })).toBe('ON');
    expect(webhookState({ enabled: true, disabledReason: null, consecutiveFailures: 3 })).toBe('FAILING');
    expect(webhookState({ enabled: false, disabledReason: 'switched off', consecutiveFailures: 2 })).toBe(
      'OFF',
    );
    expect(webhookState({ enabled: false, disabledReason: null, consecutiveFailures: 0 })).toBe('OFF');
    expect(webhookState({ enabled: false, disabledReason: 'HTTP 500', consecutiveFailures: 20 })).toBe(
      'DISABLED_BY_FAILURES',
    );
  });
});
