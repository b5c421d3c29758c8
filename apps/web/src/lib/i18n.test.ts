import { describe, expect, it } from 'vitest';
import { MISSING_TEXT, browserLanguage, i18n, translateMessage } from './i18n';

describe('i18n', () => {
  it('maps browser languages to ours and knows when none fits', () => {
    expect(browserLanguage(['zh-CN', 'en'])).toBe('CN');
    expect(browserLanguage(['de-AT'])).toBe('DE');
    expect(browserLanguage(['it'])).toBe('ITA');
    expect(browserLanguage(['fr-FR', 'en-GB'])).toBe('EN');
    expect(browserLanguage(['fr-FR', 'es'])).toBeUndefined();
  });

  it('shows -- for a key the table does not know, and keys with dots as flat keys', () => {
    i18n.addResourceBundle('EN', 'translation', { 'route.home': 'Home' }, true, true);
    expect(i18n.t('route.home')).toBe('Home');
    expect(i18n.t('route.nothing')).toBe(MISSING_TEXT);
  });

  it('translates server messages, showing an unknown key in braces', () => {
    i18n.addResourceBundle(
      'EN',
      'translation',
      { TooManyLoginAttempts: 'Too many failed logins' },
      true,
      true,
    );
    expect(translateMessage('TooManyLoginAttempts')).toBe('Too many failed logins');
    expect(translateMessage('NoSuchKey')).toBe('{NoSuchKey}');
  });
});
