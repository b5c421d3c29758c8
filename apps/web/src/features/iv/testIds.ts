/**
 * Stable test selectors (`data-testid`) of the IV curve screens — the task list and a task's curves and the
 * New IV curve screen — kept beside them so their unit and e2e
 * tests (e2e/iv.e2e.ts) and the components agree.
 */
export const IvTestId = {
  // IV curve list
  listPage: 'iv-list-page',
  taskTable: 'iv-task-table',
  stationFilter: 'iv-station-filter',
  newScan: 'iv-new-scan',
  /** A task's state tag: `data-state`. */
  taskState: 'iv-task-state',
  taskOpen: 'iv-task-open',
  autoScan: 'iv-auto-scan',

  // One task (drawer on the list, below the form on the New screen)
  task: 'iv-task',
  taskExportXlsx: 'iv-task-export-xlsx',
  taskExportCsv: 'iv-task-export-csv',
  /** One inverter's block: `data-device` (its SN), `data-state` (its command's state). */
  taskDevice: 'iv-task-device',
  /** One string's header line: `data-mppt`, `data-string`, `data-verdict` ('' without a diagnosis). */
  curve: 'iv-curve',
  /** One string unfolded (charts, figures, evidence): `data-mppt`, `data-string`. */
  curveBody: 'iv-curve-body',
  verdict: 'iv-verdict',
  evidence: 'iv-evidence',
  ivChart: 'iv-chart-iv',
  pvChart: 'iv-chart-pv',
  /** The figures table; each row `data-row-key` the figure. */
  figures: 'iv-figures',

  // New IV curve
  newPage: 'iv-new-page',
  newStation: 'iv-new-station',
  newInverters: 'iv-new-inverters',
  newStrings: 'iv-new-strings',
  /** The conditions now: `data-state` loading / ready / error. */
  conditions: 'iv-conditions',
  irradiance: 'iv-irradiance',
  localTime: 'iv-local-time',
  /** One warning: `data-warning` its kind. */
  warning: 'iv-warning',
  newSubmit: 'iv-new-submit',
} as const;
