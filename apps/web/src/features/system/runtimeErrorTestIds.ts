/** Stable test selectors of the Runtime errors page. */
export const RuntimeErrorTestId = {
  page: 'runtime-errors',
  table: 'runtime-errors-table',
  open: 'runtime-error-open',
  detail: 'runtime-error-detail',
} as const;
