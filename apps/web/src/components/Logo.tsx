import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { languageValue } from '../lib/i18n';
import { isLanguageKey } from '@sunfleet/contracts';
import logoEn from '../assets/logo-en.svg';
import logoZh from '../assets/logo-zh.svg';
import mark from '../assets/mark.svg';

/** Product name, used as the alternative text of the logo (a brand name is not translated). */
export const PRODUCT_NAME = 'Sunfleet';

/** SPEC §9: the Chinese logo for the ZH locale, otherwise the English one. */
export function logoFor(language: string): string {
  return isLanguageKey(language) && languageValue(language) === 'ZH' ? logoZh : logoEn;
}

export function Logo({ compact = false, height = 32 }: { compact?: boolean; height?: number }): ReactElement {
  const { i18n } = useTranslation();
  return (
    <img className="logo" src={compact ? mark : logoFor(i18n.language)} alt={PRODUCT_NAME} height={height} />
  );
}
