/** Stable test selectors (`data-testid`) of the fault recording section (on an inverter's detail page). */
export const RecordingTestId = {
  section: 'recording-section',
  start: 'recording-start',
  form: 'recording-form',
  list: 'recording-list',
  viewer: 'recording-viewer',
  chart: 'recording-chart',
  exportCsv: 'recording-export',
} as const;
