/**
 * Stable test selectors (`data-testid`) of the Firmware release screen, kept beside it so its tests and the
 * components agree.
 */
export const FirmwareTestId = {
  page: 'firmware-page',
  table: 'firmware-table',
  typeFilter: 'firmware-type-filter',
  upload: 'firmware-upload',
  uploadForm: 'firmware-upload-form',
  deviceType: 'firmware-device-type',
  model: 'firmware-model',
  version: 'firmware-version',
  notes: 'firmware-notes',
  file: 'firmware-file',
  progress: 'firmware-progress',
  rowVersion: 'firmware-row-version',
  rowSha: 'firmware-row-sha',
  rowSigner: 'firmware-row-signer',
  rowDelete: 'firmware-row-delete',
  keyFingerprint: 'firmware-key-fingerprint',
  keyPem: 'firmware-key-pem',
} as const;

/** Stable test selectors of the Firmware update (new task) and Upgrade management screens. */
export const UpgradeTestId = {
  page: 'upgrade-page',
  table: 'upgrade-table',
  taskOpen: 'upgrade-task-open',
  taskState: 'upgrade-task-state',
  progress: 'upgrade-progress',
  task: 'upgrade-task',
  control: 'upgrade-control',
  devices: 'upgrade-devices',
  deviceState: 'upgrade-device-state',
  newPage: 'upgrade-new-page',
  newForm: 'upgrade-new-form',
  image: 'upgrade-image',
  mode: 'upgrade-mode',
  station: 'upgrade-station',
  deviceIds: 'upgrade-device-ids',
  broadcast: 'upgrade-broadcast',
  healthWatch: 'upgrade-health-watch',
  submit: 'upgrade-submit',
} as const;
