import { NOTIFY_TYPES, type StationSubscription, type SubscriptionCreateBody } from '@sunfleet/contracts';

export type NotifyType = (typeof NOTIFY_TYPES)[number];
export { NOTIFY_TYPES };

/** What the subscription form edits; the time is "HH:mm" as typed. */
export interface SubscriptionValues {
  subject: string;
  notifyType: NotifyType;
  notifyTime?: string;
  email: string;
}

/** 24-hour HH:mm. */
export const NOTIFY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The request body: trimmed texts; a time only for FIXED_TIME (REAL_TIME must not carry one). */
export function toSubscriptionBody(values: SubscriptionValues): SubscriptionCreateBody {
  const base = { subject: values.subject.trim(), notifyType: values.notifyType, email: values.email.trim() };
  return values.notifyType === 'FIXED_TIME' ? { ...base, notifyTime: values.notifyTime?.trim() ?? '' } : base;
}

export function subscriptionValues(record: StationSubscription): SubscriptionValues {
  return {
    subject: record.subject,
    notifyType: record.notifyType,
    notifyTime: record.notifyTime ?? undefined,
    email: record.email,
  };
}
