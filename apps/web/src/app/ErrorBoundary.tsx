import { Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the console shows instead of a screen that failed to render. */
function Crashed({ onRetry }: { onRetry: () => void }): ReactElement {
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

/**
 * Catches render errors below it and shows a reload offer instead of a blank page. The error itself is
 * reported by the root's onCaughtError (main.tsx), not here, so each error is reported once.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Reported by the root's onCaughtError.
  }

  override render(): ReactNode {
    return this.state.failed ? <Crashed onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
