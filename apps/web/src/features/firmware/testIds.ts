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
