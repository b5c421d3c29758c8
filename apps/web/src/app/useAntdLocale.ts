import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import { isLanguageKey } from '@sunfleet/contracts';
import { loadLocale } from '../lib/locale';

/** antd's locale for the display language; undefined (antd's English) until the file has loaded. */
export function useAntdLocale(language: string): Locale | undefined {
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    if (!isLanguageKey(language)) return;
    let cancelled = false;
    loadLocale(language).then(
      (loaded) => {
        if (!cancelled) setLocale(loaded);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [language]);
  return locale;
}
