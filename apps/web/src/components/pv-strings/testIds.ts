/**
 * Stable test selectors (`data-testid`) of the PV strings section on the inverter's page, kept beside it so
 * its unit and e2e tests (e2e/iv.e2e.ts) and the components agree.
 */
export const PvStringsTestId = {
  strings: 'pv-strings',
  stringsTable: 'pv-strings-table',
  stringAdd: 'pv-string-add',
  stringEdit: 'pv-string-edit',
  stringRemove: 'pv-string-remove',
  stringForm: 'pv-string-form',
  stringModule: 'pv-string-module',
  stringProblem: 'pv-string-problem',
  history: 'pv-strings-history',
  historyChart: 'pv-strings-history-chart',
} as const;
