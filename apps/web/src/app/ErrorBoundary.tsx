import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// Its own chunk: Ant Design's Result and Button would otherwise weigh on the entry chunk every page
// load pays for, to draw a screen that is hardly ever shown.
const Crashed = lazy(() => import('./Crashed').then((m) => ({ default: m.Crashed })));

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
    return this.state.failed ? (
      <Suspense fallback={null}>
        <Crashed onRetry={() => window.location.reload()} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
