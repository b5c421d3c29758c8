/**
 * Stable test selectors (`data-testid`) of the remote operation screens — the station's Remote settings
 * tab, the command centre and the batch register test — kept beside them so their unit and e2e tests
 * (e2e/remote.e2e.ts) and the components agree.
 */
export const RemoteTestId = {
  // Remote settings tab
  remoteTab: 'remote-tab',
  remoteTarget: 'remote-target',
  remoteSections: 'remote-sections',
  remoteLocalControl: 'remote-local-control',
  /** The outcome line of a call: `data-phase` waiting / done / failed / expired. */
  remoteOutcome: 'remote-outcome',

  registers: 'remote-registers',
  registersReadAll: 'remote-registers-read-all',
  registersWrite: 'remote-registers-write',
  registersSaveFirst: 'remote-registers-save-first',
  registersWritableOnly: 'remote-registers-writable-only',
  /** One display group's block: `data-group`. */
  registerGroup: 'remote-register-group',
  registerGroupRead: 'remote-register-group-read',
  // A register's row is the table row `tr[data-row-key="<key>"]`.
  registerCurrent: 'remote-register-current',
  registerModified: 'remote-register-modified',
  registerEdit: 'remote-register-edit',
  registerInput: 'remote-register-input',
  registerSave: 'remote-register-save',
  registerCancel: 'remote-register-cancel',
  registerError: 'remote-register-error',
  writeDialog: 'remote-write-dialog',
  writeChange: 'remote-write-change',
  writeConfirm: 'remote-write-confirm',
  /** A written register's line in the answer: `data-applied` true / false / unknown. */
  writeResult: 'remote-write-result',
  rawBox: 'remote-raw',
  rawAddress: 'remote-raw-address',
  rawCount: 'remote-raw-count',
  rawData: 'remote-raw-data',
  rawRead: 'remote-raw-read',
  rawWrite: 'remote-raw-write',
  rawResult: 'remote-raw-result',

  storage: 'remote-storage',
  storageCurrent: 'remote-storage-current',
  storageMode: 'remote-storage-mode',
  storagePeriods: 'remote-storage-periods',
  storagePeriodRow: 'remote-storage-period',
  storagePeriodStart: 'remote-storage-period-start',
  storagePeriodEnd: 'remote-storage-period-end',
  storagePeriodMode: 'remote-storage-period-mode',
  storagePeriodPower: 'remote-storage-period-power',
  storagePeriodRemove: 'remote-storage-period-remove',
  storagePeriodAdd: 'remote-storage-period-add',
  storageTimeline: 'remote-storage-timeline',
  storageProblem: 'remote-storage-problem',
  storageSave: 'remote-storage-save',
  storageLastSent: 'remote-storage-last-sent',

  forwarding: 'remote-forwarding',
  forwardingProtocol: 'remote-forwarding-protocol',
  forwardingSave: 'remote-forwarding-save',
  forwardingState: 'remote-forwarding-state',

  acCouple: 'remote-ac-couple',
  acCouplePartner: 'remote-ac-couple-partner',
  acCoupleFeedIn: 'remote-ac-couple-feed-in',
  acCoupleSet: 'remote-ac-couple-set',
  acCoupleRelease: 'remote-ac-couple-release',
  acCoupleDelivery: 'remote-ac-couple-delivery',

  factoryReset: 'remote-factory-reset',
  factoryResetOpen: 'remote-factory-reset-open',
  factoryResetConfirm: 'remote-factory-reset-confirm',
  factoryResetSubmit: 'remote-factory-reset-submit',

  // Command centre
  commandPage: 'command-page',
  commandTable: 'command-table',
  commandStationFilter: 'command-station-filter',
  commandDeviceFilter: 'command-device-filter',
  commandUserFilter: 'command-user-filter',
  commandMineFilter: 'command-mine-filter',
  commandStateFilter: 'command-state-filter',
  commandNameFilter: 'command-name-filter',
  /** A command's row: `data-command-id`, `data-state`. */
  commandRow: 'command-row',
  commandState: 'command-state',
  commandRetry: 'command-retry',
  commandDrawer: 'command-drawer',
  commandTimeline: 'command-timeline',

  // Batch register test
  registerTestPage: 'register-test-page',
  registerTestModel: 'register-test-model',
  registerTestDevices: 'register-test-devices',
  registerTestMode: 'register-test-mode',
  registerTestKeys: 'register-test-keys',
  registerTestAddress: 'register-test-address',
  registerTestCount: 'register-test-count',
  registerTestRun: 'register-test-run',
  registerTestResult: 'register-test-result',
  registerTestExport: 'register-test-export',
  registerTestHistory: 'register-test-history',
} as const;
