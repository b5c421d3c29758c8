/** Stable test selectors of the Version information page. */
export const VersionTestId = {
  schema: 'version-schema',
  changelog: 'version-changelog',
  appDownload: 'version-app-download',
} as const;
