import type { TFunction } from 'i18next';
import { i18n } from '../../lib/i18n';
import type { Issue } from './registerValidation';

/**
 * A name stored as a translation key (register and display-group names). Built-in definitions carry
 * keys of the shipped tables; a user-made entry may hold plain text, which shows as typed.
 */
export function nameOf(t: TFunction, nameKey: string): string {
  return nameKey !== '' && i18n.exists(nameKey) ? t(nameKey) : nameKey;
}

/** The translated text of a validation problem. */
export function issueText(t: TFunction, issue: Issue): string {
  return t(issue.message, issue.values);
}
