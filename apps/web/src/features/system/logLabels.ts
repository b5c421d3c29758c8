import type { TFunction } from 'i18next';
import { Status } from '@sunfleet/contracts';

// Words of the audit log (Log management): the recorded action names and envelope results are codes
// (`company.delete`, 4004); the page shows them translated and keeps the code at hand for the curious.

/** The translation key of an action name (contracts AUDIT_ACTIONS). */
export const auditActionKey = (action: string): string => `audit.action.${action}`;

/**
 * The action in words; an action the table does not know (a route recorded as "METHOD /api/path", or a
 * name newer than the console's table) is shown as it is.
 */
export function auditActionLabel(action: string, t: TFunction, exists: (key: string) => boolean): string {
  const key = auditActionKey(action);
  return exists(key) ? t(key) : action;
}

/** Envelope statuses an audit row can carry (docs/api.md), offered as a filter, in this order. */
export const LOG_RESULTS = [
  Status.OK,
  Status.INVALID_INPUT,
  Status.NOT_LOGGED_IN,
  Status.FORBIDDEN,
  Status.NOT_FOUND,
  Status.ALREADY_EXISTS,
  Status.TOO_MANY_REQUESTS,
  Status.SERVER_ERROR,
  Status.UNAVAILABLE,
] as const;

/** Translation keys of the results, as literals so the locale test finds them. */
const RESULT_LABEL: Record<(typeof LOG_RESULTS)[number], string> = {
  200: 'system.log.result.200',
  4000: 'system.log.result.4000',
  4001: 'system.log.result.4001',
  4003: 'system.log.result.4003',
  4004: 'system.log.result.4004',
  4009: 'system.log.result.4009',
  4029: 'system.log.result.4029',
  5000: 'system.log.result.5000',
  5003: 'system.log.result.5003',
};

const isKnownResult = (status: number): status is (typeof LOG_RESULTS)[number] =>
  (LOG_RESULTS as readonly number[]).includes(status);

/**
 * The result in words ("Not found"); a status outside the list (an HTTP error the envelope did not name,
 * recorded as its code × 10) reads as the generic failure word with its code.
 */
export function logResultLabel(status: number, t: TFunction): string {
  if (isKnownResult(status)) return t(RESULT_LABEL[status]);
  return `${t('system.log.failure')} (${String(status)})`;
}
