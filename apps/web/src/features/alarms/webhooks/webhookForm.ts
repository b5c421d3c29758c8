import {
  WEBHOOK_EVENTS,
  WEBHOOK_SWITCHED_OFF,
  WebhookLimits,
  type Webhook,
  type WebhookCreateBody,
  type WebhookEvent,
  type WebhookUpdateBody,
} from '@sunfleet/contracts';

export { WEBHOOK_EVENTS };

/** What the webhook form edits. `secret` is empty when editing and the secret is to stay as it is. */
export interface WebhookValues {
  name: string;
  url: string;
  secret: string;
  enabled: boolean;
  events: WebhookEvent[];
}

/** The server's default kinds for a new webhook. */
export const DEFAULT_EVENTS: WebhookEvent[] = ['RAISED', 'CLEARED'];

/** An absolute http(s) address (the server checks the rest: credentials, private networks). */
export const WEBHOOK_URL_PATTERN = /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i;

/**
 * A fresh secret: 32 random bytes from the browser's CSPRNG as base64url (43 characters). It is shown in
 * the form only while creating or replacing it; the server never answers it back.
 */
export function generateSecret(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function newWebhookValues(secret: string): WebhookValues {
  return { name: '', url: '', secret, enabled: true, events: [...DEFAULT_EVENTS] };
}

export function webhookValues(record: Webhook): WebhookValues {
  return {
    name: record.name,
    url: record.url,
    secret: '',
    enabled: record.enabled,
    events: [...record.events],
  };
}

/** The create body: trimmed name and address, the secret as typed (it has to sign), kinds in catalogue order. */
export function toCreateBody(values: WebhookValues): WebhookCreateBody {
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    secret: values.secret,
    enabled: values.enabled,
    events: ordered(values.events),
  };
}

/** The update body: an empty secret keeps the stored one. */
export function toUpdateBody(values: WebhookValues): WebhookUpdateBody {
  const { secret, ...rest } = toCreateBody(values);
  return secret === '' ? rest : { ...rest, secret };
}

function ordered(events: readonly WebhookEvent[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((e) => events.includes(e));
}

/** A secret the server takes: 16–256 characters, no spaces at either end, no control characters. */
export function secretProblem(
  secret: string,
  required: boolean,
): 'required' | 'length' | 'characters' | null {
  if (secret === '') return required ? 'required' : null;
  if (secret.length < WebhookLimits.secretMin || secret.length > WebhookLimits.secretMax) return 'length';
  if (secret.trim() !== secret || Array.from(secret).some((c) => c.charCodeAt(0) < 0x20)) return 'characters';
  return null;
}

export type WebhookState = 'ON' | 'OFF' | 'FAILING' | 'DISABLED_BY_FAILURES';

/**
 * What the list shows of a webhook: on; on but failing (failures in a row, not yet switched off); switched
 * off by the server after too many failures (disabledAt set, re-enable restarts the count); off by hand.
 */
export function webhookState(
  w: Pick<Webhook, 'enabled' | 'disabledReason' | 'consecutiveFailures'>,
): WebhookState {
  if (!w.enabled)
    return w.disabledReason === null || w.disabledReason === WEBHOOK_SWITCHED_OFF
      ? 'OFF'
      : 'DISABLED_BY_FAILURES';
  return w.consecutiveFailures > 0 ? 'FAILING' : 'ON';
}
