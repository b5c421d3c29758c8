// For component tests only: what Ant Design's table, dropdown and modal ask the browser for and jsdom lacks.
import { vi } from 'vitest';

/** ResizeObserver (antd only needs it to exist) and matchMedia (nothing ever matches). */
export function stubBrowserLayout(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
        onchange: null,
      }) as Partial<MediaQueryList>,
  );
}
