/** Stable test selectors (`data-testid`) of the big screen, kept beside it so its tests and the components agree. */
export const BigScreenTestId = {
  page: 'big-screen',
  stage: 'big-screen-stage',
  clock: 'big-screen-clock',
  totals: 'big-screen-totals',
  stations: 'big-screen-stations',
  devices: 'big-screen-devices',
  impact: 'big-screen-impact',
  income: 'big-screen-income',
  gateways: 'big-screen-gateways',
  topGeneration: 'big-screen-top-generation',
  topOnline: 'big-screen-top-online',
  map: 'big-screen-map',
  power: 'big-screen-power',
  showcaseLabel: 'big-screen-showcase-label',
  showcaseSwitch: 'big-screen-showcase-switch',
  loadFailed: 'big-screen-load-failed',
} as const;
