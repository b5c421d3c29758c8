import { describe, expect, it } from 'vitest';
import { NOTIFY_TIME_PATTERN, subscriptionValues, toSubscriptionBody } from './subscriptionForm';

describe('event subscription form', () => {
  it('sends a time only with FIXED_TIME', () => {
    expect(
      toSubscriptionBody({
        subject: ' Daily ',
        notifyType: 'FIXED_TIME',
        notifyTime: '07:30',
        email: ' a@b.io ',
      }),
    ).toEqual({ subject: 'Daily', notifyType: 'FIXED_TIME', notifyTime: '07:30', email: 'a@b.io' });
    expect(
      toSubscriptionBody({ subject: 'Now', notifyType: 'REAL_TIME', notifyTime: '07:30', email: 'a@b.io' }),
    ).toEqual({ subject: 'Now', notifyType: 'REAL_TIME', email: 'a@b.io' });
  });

  it('accepts 24-hour HH:mm only', () => {
    for (const ok of ['00:00', '07:05', '23:59']) expect(NOTIFY_TIME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['24:00', '7:05', '12:60', '12-30', ''])
      expect(NOTIFY_TIME_PATTERN.test(bad), bad).toBe(false);
  });

  it('fills the form from a stored subscription', () => {
    expect(
      subscriptionValues({
        id: 1,
        stationId: 2,
        subject: 'S',
        notifyType: 'REAL_TIME',
        notifyTime: null,
        email: 'x@y.z',
        language: 'EN',
        enabled: true,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({ subject: 'S', notifyType: 'REAL_TIME', notifyTime: undefined, email: 'x@y.z' });
  });
});
