import type { Locale } from 'antd/es/locale';
import type { LanguageKey } from '@sunfleet/contracts';

/**
 * antd and dayjs follow the display language (Step 1b §6). Locale files load on demand so the login
 * route only carries the one it needs.
 */
const loaders: Record<LanguageKey, () => Promise<{ antd: Locale; dayjs: string }>> = {
  CN: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  EN: async () => {
    const antd = await import('antd/es/locale/en_US');
    return { antd: antd.default, dayjs: 'en' };
  },
  DE: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/de_DE'), import('dayjs/locale/de')]);
    return { antd: antd.default, dayjs: 'de' };
  },
  ITA: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/it_IT'), import('dayjs/locale/it')]);
    return { antd: antd.default, dayjs: 'it' };
  },
};

/** Loads antd's locale for `language` and switches dayjs to it. */
export async function loadLocale(language: LanguageKey): Promise<Locale> {
  const [loaded, dayjs] = await Promise.all([loaders[language](), import('dayjs')]);
  dayjs.default.locale(loaded.dayjs);
  return loaded.antd;
}
