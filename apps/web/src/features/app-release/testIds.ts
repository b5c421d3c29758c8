/** Stable selectors of the app release screen (e2e/back-office-docs.e2e.ts). */
export const AppReleaseTestId = {
  page: 'app-release-page',
  table: 'app-release-table',
  platformFilter: 'app-release-platform-filter',
  createForm: 'app-release-form',
  platform: 'app-release-platform',
  version: 'app-release-version',
  source: 'app-release-source',
  storeUrl: 'app-release-store-url',
  file: 'app-release-file',
  publishNow: 'app-release-publish-now',
  progress: 'app-release-progress',
  rowVersion: 'app-release-row-version',
  rowCurrent: 'app-release-row-current',
  rowPublish: 'app-release-row-publish',
  rowUnpublish: 'app-release-row-unpublish',
  rowDelete: 'app-release-row-delete',
} as const;
