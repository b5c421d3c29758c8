import type { ReactElement } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the console shows instead of a screen that failed to render (loaded only then: see ErrorBoundary). */
export function Crashed({ onRetry }: { onRetry: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('runtimeErrors.crashed')}
      subTitle={t('runtimeErrors.crashedHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('runtimeErrors.reload')}
        </Button>
      }
    />
  );
}
