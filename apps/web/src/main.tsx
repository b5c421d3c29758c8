import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { installErrorReporting } from './lib/errorReport';
import { applyCachedTable } from './lib/languageTable';
import { registerServiceWorker } from './lib/serviceWorker';
import './styles.css';

// Uncaught errors go to the server's runtime error store (docs/runtime-errors.md).
const reportError = installErrorReporting(typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev');

// A cached language table lets the first screen render without waiting for the server.
applyCachedTable();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
// These replace React's own logging of render errors, so they log too.
const onRenderError = (error: unknown): void => {
  console.error(error);
  reportError('react', error);
};
createRoot(container, { onCaughtError: onRenderError, onUncaughtError: onRenderError }).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
