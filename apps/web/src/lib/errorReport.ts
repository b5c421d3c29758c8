// Reports the console's uncaught errors to the server's runtime error store (docs/runtime-errors.md):
// window errors, unhandled promise rejections and React render errors. Reports are cut to the contract's
// limits, the same error is sent at most once a minute, a page load sends at most a fixed number, and a
// failure to report is swallowed — reporting never reports itself and never shows the user anything.
import { ClientErrorLimits, type ClientErrorKind, type ClientErrorReport } from '@sunfleet/contracts';

export interface ReporterOptions {
  send: (report: ClientErrorReport) => Promise<unknown>;
  now: () => number;
  build: string;
  /** The route the console shows now (hash path without its query). */
  route: () => string;
}

/** Errors the console expects and handles, or that browsers raise harmlessly: not faults of the code. */
export function ignored(error: unknown, message: string): boolean {
  if (error instanceof Error && (error.name === 'ApiError' || error.name === 'AbortError')) return true;
  return /^ResizeObserver loop/.test(message) || message === 'Script error.';
}

/** The message and stack of anything thrown (an Error, a string, an object). */
export function describe(error: unknown, fallback: string): { message: string; stack?: string } {
  if (error instanceof Error)
    return {
      message: error.message === '' ? error.name : `${error.name}: ${error.message}`,
      ...(error.stack === undefined ? {} : { stack: error.stack }),
    };
  if (typeof error === 'string' && error !== '') return { message: error };
  return { message: fallback };
}

const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);

/** The route part of a location hash: '#/gatewayCentre?sn=x' → '/gatewayCentre'. */
export function routeOfHash(hash: string): string {
  return (hash.replace(/^#/, '').split('?')[0] ?? '') || '/';
}

/** A reporter: `report(kind, error, fallback)` sends when not deduplicated, capped or re-entered. */
export function createErrorReporter(
  options: ReporterOptions,
): (kind: ClientErrorKind, error: unknown, fallback?: string) => void {
  const lastSent = new Map<string, number>();
  let sent = 0;
  let reporting = false;
  return (kind, error, fallback = 'Unknown error') => {
    if (reporting || sent >= ClientErrorLimits.clientReportsPerLoad) return;
    reporting = true;
    try {
      const { message, stack } = describe(error, fallback);
      if (message.trim() === '' || ignored(error, message)) return;
      const key = `${message}\n${stack?.split('\n', 3).join('\n') ?? ''}`;
      const now = options.now();
      const previous = lastSent.get(key);
      if (previous !== undefined && now - previous < ClientErrorLimits.clientRepeatMs) return;
      lastSent.set(key, now);
      sent += 1;
      const report: ClientErrorReport = {
        kind,
        message: cut(message, ClientErrorLimits.messageMax),
        route: cut(options.route(), ClientErrorLimits.routeMax),
        build: cut(options.build, ClientErrorLimits.buildMax),
        ...(stack === undefined ? {} : { stack: cut(stack, ClientErrorLimits.stackMax) }),
      };
      options.send(report).catch(() => undefined);
    } catch {
      // Reporting must never throw into the page.
    } finally {
      reporting = false;
    }
  };
}

/** POSTs a report outside the request layer (no toasts, no session handling, survives a page unload). */
function post(report: ClientErrorReport): Promise<unknown> {
  return fetch(new URL('/api/clientError', globalThis.location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    keepalive: true,
    body: JSON.stringify(report),
  });
}

let installed: ReturnType<typeof createErrorReporter> | null = null;

/**
 * Listens for window errors and unhandled rejections and returns the reporter (for React's root error
 * callbacks). Production builds only: in development the overlay shows errors and HMR makes many.
 */
export function installErrorReporting(build: string): ReturnType<typeof createErrorReporter> {
  if (installed !== null) return installed;
  const report = createErrorReporter({
    send: import.meta.env.PROD ? post : () => Promise.resolve(),
    now: () => Date.now(),
    build,
    route: () => routeOfHash(globalThis.location.hash),
  });
  window.addEventListener('error', (event) => report('error', event.error, event.message));
  window.addEventListener('unhandledrejection', (event) => report('unhandledrejection', event.reason));
  installed = report;
  return report;
}
