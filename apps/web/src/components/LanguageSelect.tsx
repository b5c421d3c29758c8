import { useState, type ReactElement } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, isLanguageKey } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/language';
import { TestId } from '../testids';
import { ChoiceMenu } from './ChoiceMenu';

export interface LanguageSelectProps {
  /** Re-creates the current view after a change (the shell's soft reload); nothing on public pages. */
  onSoftReload?: () => void;
  /** Show the language's name next to the globe (login header); the shell shows the globe only. */
  showLabel?: boolean;
}

/**
 * Language selector of SPEC §2/§4. Language names are shown in their own language (中文, Deutsch…), as
 * every language selector does, so they are not translation keys.
 */
export function LanguageSelect({ onSoftReload, showLabel = true }: LanguageSelectProps): ReactElement {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const current = LANGUAGES.find((l) => l.key === i18n.language) ?? LANGUAGES[1];

  const onChoose = (key: string): void => {
    if (!isLanguageKey(key)) return;
    setBusy(true);
    changeLanguage(key, onSoftReload ?? (() => undefined)).then(
      () => setBusy(false),
      () => setBusy(false),
    );
  };

  return (
    <ChoiceMenu
      ariaLabel={t('common.language')}
      current={current.key}
      onChoose={onChoose}
      choices={LANGUAGES.map((language) => ({
        key: language.key,
        label: language.title,
        testId: TestId.languageOption,
        lang: language.value === 'ZH' ? 'zh' : language.value.toLowerCase().slice(0, 2),
      }))}
      trigger={
        <Button
          type="text"
          icon={<GlobalOutlined />}
          loading={busy}
          data-testid={TestId.languageSelect}
          data-current={current.key}
          aria-label={t('common.language')}
          title={t('common.language')}
        >
          {showLabel ? <span className="header-label">{current.title}</span> : null}
        </Button>
      }
    />
  );
}
