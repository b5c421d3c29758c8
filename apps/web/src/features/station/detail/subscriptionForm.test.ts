import { describe, expect, it } from 'vitest';
import {
  NOTIFY_TIME_PATTERN,
  newSubscriptionValues,
  subscriptionValues,
  toSubscriptionBody,
} from './subscriptionForm';

describe('event subscription form', () => {
  it('sends a time only with FIXED_TIME', () => {
    expect(
      toSubscriptionBody({
        subject: ' Daily ',
        notifyType: 'FIXED_TIME',
        notifyTime: '07:30',
        email: ' a@b.io ',
        enabled: true,
      }),
    ).toEqual({
      subject: 'Daily',
      notifyType: 'FIXED_TIME',
      notifyTime: '07:30',
      email: 'a@b.io',
      enabled: true,
    });
    expect(
      toSubscriptionBody({
        subject: 'Now',
        notifyType: 'REAL_TIME',
        notifyTime: '07:30',
        email: 'a@b.io',
        enabled: true,
      }),
    ).toEqual({ subject: 'Now', notifyType: 'REAL_TIME', email: 'a@b.io', enabled: true });
    expect(
      toSubscriptionBody({
        subject: 'Chief',
        notifyType: 'ESCALATION',
        notifyTime: '07:30',
        email: 'c@b.io',
        language: 'ITA',
        enabled: false,
      }),
    ).toEqual({
      subject: 'Chief',
      notifyType: 'ESCALATION',
      email: 'c@b.io',
      language: 'ITA',
      enabled: false,
    });
  });

  it('accepts 24-hour HH:mm only', () => {
    for (const ok of ['00:00', '07:05', '23:59']) expect(NOTIFY_TIME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['24:00', '7:05', '12:60', '12-30', ''])
      expect(NOTIFY_TIME_PATTERN.test(bad), bad).toBe(false);
  });

  it("starts a new one in real time, on, in the console's language when it is a mail language", () => {
    expect(newSubscriptionValues('DE')).toEqual({ notifyType: 'REAL_TIME', enabled: true, language: 'DE' });
    expect(newSubscriptionValues('xx')).toEqual({ notifyType: 'REAL_TIME', enabled: true });
  });

  it('fills the form from a stored subscription', () => {
    expect(
      subscriptionValues({
        id: 1,
        stationId: 2,
        subject: 'S',
        notifyType: 'ESCALATION',
        notifyTime: null,
        email: 'x@y.z',
        language: 'CN',
        enabled: false,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({
      subject: 'S',
      notifyType: 'ESCALATION',
      notifyTime: undefined,
      email: 'x@y.z',
      language: 'CN',
      enabled: false,
    });
  });
});
