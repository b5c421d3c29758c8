import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyCachedTable } from './lib/languageTable';
import { registerServiceWorker } from './lib/serviceWorker';
import './styles.css';

// A cached language table lets the first screen render without waiting for the server.
applyCachedTable();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
