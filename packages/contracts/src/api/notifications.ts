// Notifications (Step 5a): webhooks per company, their delivery log, and the public unsubscribe link of
// event-subscription mails. The schemas bound types and lengths; the server checks the URL rules (scheme,
// no credentials, private addresses) and answers the keys below (docs/alarms.md "Notifications").
import { Type, type Static } from 'typebox';
import { LANGUAGES } from '../languages.js';
import { PageQueryFields } from './paging.js';

export const WebhookLimits = {
  nameMax: 64,
  urlMax: 2000,
  secretMin: 16,
  secretMax: 256,
  /** Webhooks one company may hold. */
  perCompanyMax: 20,
  /** Characters of a receiver's answer or error kept in the delivery log. */
  errorMax: 500,
} as const;

/** Alarm event kinds a webhook can subscribe to (the transitions of alarm_events). */
export const WEBHOOK_EVENTS = [
  'RAISED',
  'REPEATED',
  'ACKNOWLEDGED',
  'CLEARED',
  'ESCALATED',
  'SNOOZE_ENDED',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/**
 * REAL_TIME: a mail per raise, clear and end of snooze; FIXED_TIME: a daily digest at notifyTime;
 * ESCALATION: the second recipient list, mailed only when an unacknowledged URGENT or IMPORTANT alarm is
 * escalated (the engine's ESCALATED event).
 */
export const NOTIFY_TYPES = ['REAL_TIME', 'FIXED_TIME', 'ESCALATION'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];
/** `disabledReason` of a webhook switched off by hand; any other reason is the failure that disabled it. */
export const WEBHOOK_SWITCHED_OFF = 'switched off';

export const DELIVERY_STATES = ['PENDING', 'SENT', 'FAILED', 'CANCELLED'] as const;

/** enMsg keys of this area (texts in locales/notifications). */
export const NotificationMessage = {
  /** Not an absolute http:// or https:// URL. */
  urlInvalid: 'notifications.urlInvalid',
  /** user:password@ in the URL: credentials belong in the secret, not in a logged address. */
  urlCredentials: 'notifications.urlCredentials',
  /** A loopback, private, link-local or otherwise internal address while WEBHOOK_ALLOW_PRIVATE is off. */
  urlPrivate: 'notifications.urlPrivate',
  nameInvalid: 'notifications.nameInvalid',
  /** Spaces at either end or control characters in the secret. */
  secretInvalid: 'notifications.secretInvalid',
  eventsInvalid: 'notifications.eventsInvalid',
  tooManyWebhooks: 'notifications.tooManyWebhooks',
  unsubscribed: 'notifications.unsubscribed',
} as const;

const NullableDate = Type.Union([Type.Null(), Type.String({ format: 'date-time' })]);
const Events = Type.Array(Type.Enum(WEBHOOK_EVENTS), {
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  uniqueItems: true,
  description: 'Alarm transitions to send; at least one',
});

export const Webhook = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  enabled: Type.Boolean(),
  events: Type.Array(Type.Enum(WEBHOOK_EVENTS)),
  consecutiveFailures: Type.Integer({ minimum: 0 }),
  disabledAt: NullableDate,
  disabledReason: Type.Union([Type.Null(), Type.String()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Webhook = Static<typeof Webhook>;

const webhookFields = {
  name: Type.String({ maxLength: WebhookLimits.nameMax, description: '1–64 characters' }),
  url: Type.String({
    maxLength: WebhookLimits.urlMax,
    description: 'Absolute http:// or https:// URL without user:password@',
  }),
  secret: Type.String({
    minLength: WebhookLimits.secretMin,
    maxLength: WebhookLimits.secretMax,
    description: 'Key of the X-Sunfleet-Signature HMAC; never answered back',
  }),
  enabled: Type.Boolean(),
  events: Events,
};

export const WebhookCreateBody = Type.Object(
  {
    name: webhookFields.name,
    url: webhookFields.url,
    secret: webhookFields.secret,
    enabled: Type.Optional(webhookFields.enabled),
    events: Type.Optional(Events),
  },
  { additionalProperties: false },
);
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;

export const WebhookUpdateBody = Type.Object(
  {
    name: Type.Optional(webhookFields.name),
    url: Type.Optional(webhookFields.url),
    secret: Type.Optional(webhookFields.secret),
    enabled: Type.Optional(webhookFields.enabled),
    events: Type.Optional(Events),
  },
  { additionalProperties: false },
);
export type WebhookUpdateBody = Static<typeof WebhookUpdateBody>;

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'RAISED, CLEARED, … or TEST' }),
  alarmId: Type.Union([Type.Null(), Type.Integer()]),
  state: Type.Enum(DELIVERY_STATES),
  attempts: Type.Integer({ minimum: 0 }),
  lastStatus: Type.Union([Type.Null(), Type.Integer()], { description: "The receiver's HTTP status" }),
  lastError: Type.Union([Type.Null(), Type.String()]),
  lastAttemptAt: NullableDate,
  nextAttemptAt: NullableDate,
  sentAt: NullableDate,
  createdAt: Type.String({ format: 'date-time' }),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryQuery = Type.Object(PageQueryFields, { additionalProperties: false });
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'From the link of a mail' }) },
  { additionalProperties: false },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

export const UnsubscribeBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'From the link of a mail' }) },
  { additionalProperties: false },
);
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

/** What an unsubscribe link names: shown before (GET) and after (POST) switching it off. */
export const UnsubscribeResult = Type.Object({
  subscriptionId: Type.Integer(),
  stationName: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  notifyType: Type.Enum(NOTIFY_TYPES),
  enabled: Type.Boolean({ description: 'False once switched off' }),
});
export type UnsubscribeResult = Static<typeof UnsubscribeResult>;

/** Language of an event subscription's mails. */
export const SubscriptionLanguage = Type.Enum(LANGUAGES.map((l) => l.key) as ['CN', 'EN', 'DE', 'ITA'], {
  description: "CN, EN, DE or ITA; default the creating user's language",
});

/** The JSON body a webhook receives (signed as sent: X-Sunfleet-Signature: sha256=<hex HMAC of the body>). */
export interface WebhookPayload {
  deliveryId: number;
  /** When this attempt was sent (also X-Sunfleet-Timestamp, seconds): receivers may refuse old ones. */
  sentAt: string;
  type: `alarm.${Lowercase<WebhookEvent>}` | 'test';
  event: { id: number; kind: WebhookEvent; at: string } | null;
  alarm: {
    id: number;
    code: number;
    level: string;
    kind: string;
    message: string | null;
    startedAt: string;
    endedAt: string | null;
  } | null;
  station: { id: number; name: string; timeZone: string } | null;
  device: { id: number; sn: string; name: string | null } | null;
  gateway: { id: number; sn: string } | null;
}
