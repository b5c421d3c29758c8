/**
 * Registers the service worker that caches the app shell (index.html, hashed assets, icons) so the console
 * opens offline and on flaky mobile links. It never caches API responses (public/sw.js). Only in
 * production builds: in development it would serve stale modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  });
}
