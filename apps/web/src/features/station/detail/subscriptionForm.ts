import {
  NOTIFY_TYPES,
  isLanguageKey,
  type LanguageKey,
  type StationSubscription,
  type SubscriptionCreateBody,
} from '@sunfleet/contracts';

export type NotifyType = (typeof NOTIFY_TYPES)[number];
export { NOTIFY_TYPES };

/** What the subscription form edits; the time is "HH:mm" as typed. */
export interface SubscriptionValues {
  subject: string;
  notifyType: NotifyType;
  notifyTime?: string;
  email: string;
  /** Language of the mails; absent lets the server take the user's. */
  language?: LanguageKey;
  enabled: boolean;
}

/** 24-hour HH:mm. */
export const NOTIFY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A new subscription: real time, on, in the console's language (the user's) when it is one of the four. */
export function newSubscriptionValues(consoleLanguage: string): Partial<SubscriptionValues> {
  return {
    notifyType: 'REAL_TIME',
    enabled: true,
    ...(isLanguageKey(consoleLanguage) ? { language: consoleLanguage } : {}),
  };
}

/**
 * The request body: trimmed texts; a time only for FIXED_TIME (REAL_TIME and ESCALATION must not carry
 * one); the language when chosen; the on/off switch.
 */
export function toSubscriptionBody(values: SubscriptionValues): SubscriptionCreateBody {
  const base: SubscriptionCreateBody = {
    subject: values.subject.trim(),
    notifyType: values.notifyType,
    email: values.email.trim(),
    enabled: values.enabled,
    ...(values.language === undefined ? {} : { language: values.language }),
  };
  return values.notifyType === 'FIXED_TIME' ? { ...base, notifyTime: values.notifyTime?.trim() ?? '' } : base;
}

export function subscriptionValues(record: StationSubscription): SubscriptionValues {
  return {
    subject: record.subject,
    notifyType: record.notifyType,
    notifyTime: record.notifyTime ?? undefined,
    email: record.email,
    language: record.language,
    enabled: record.enabled,
  };
}
