import type { ReactElement } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A role whose route list holds no page at all. */
export function NoPages(): ReactElement {
  const { t } = useTranslation();
  return <Result status="403" title={t('shell.noPagesTitle')} subTitle={t('shell.noPages')} />;
}
