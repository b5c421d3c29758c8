// App release (SPEC §2 back-office "App release"; docs/app-release.md): versions of the companion app per
// platform, each an uploaded Android package or a store link. The newest published version per platform is
// the current one: the login page's QR code and store buttons (`/api/config` appDownload) and the public
// `/api/appRelease/current` follow it. Shared by the server and the console.
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AppPlatforms = ['ANDROID', 'IOS'] as const;
export type AppPlatform = (typeof AppPlatforms)[number];

/** Where a release is got from: a package this platform serves, or an app store. */
export const AppReleaseSources = ['FILE', 'STORE'] as const;
export type AppReleaseSource = (typeof AppReleaseSources)[number];

export const AppReleaseLimits = {
  /** Default of APP_RELEASE_MAX_BYTES: the largest package accepted. */
  fileBytesDefault: 64 * 1024 * 1024,
  fileBytesMax: 200 * 1024 * 1024,
  fileNameMax: 200,
  /** As firmware versions: V1.2, 1.0.3, 2.10.0.1 (rule.versionFormat). */
  versionMax: 16,
  notesMax: 4_000,
  storeUrlMax: 500,
  /** Entries an APK may hold and their total inflated size: refused above (zip bombs). */
  apkEntriesMax: 65_000,
  apkInflatedBytesMax: 1024 * 1024 * 1024,
} as const;

/** Packages the platform serves itself: Android only (iOS apps come from the App Store). */
export const APP_PACKAGE_EXTENSIONS = ['apk'] as const;

/** enMsg keys of this area (texts in locales/app-release). */
export const AppReleaseMessage = {
  /** The version is not newer than the current release of the platform. */
  versionNotNewer: 'appRelease.versionNotNewer',
  /** A release of this platform already has this version. */
  versionExists: 'appRelease.versionExists',
  /** Neither a file nor a store link, or both. */
  fileOrStoreLink: 'appRelease.fileOrStoreLink',
  /** The store link is not an https URL. */
  storeUrlHttps: 'appRelease.storeUrlHttps',
  /** A file for iOS: iOS releases are store links. */
  iosStoreOnly: 'appRelease.iosStoreOnly',
  /** Not an .apk file. */
  fileType: 'appRelease.fileType',
  /** The file is not an Android package (a ZIP holding AndroidManifest.xml). */
  notAnApk: 'appRelease.notAnApk',
  fileTooLarge: 'appRelease.fileTooLarge',
  emptyFile: 'appRelease.emptyFile',
  created: 'appRelease.created',
  published: 'appRelease.published',
  unpublished: 'appRelease.unpublished',
} as const;

/** The text fields of `POST /api/appRelease` (multipart/form-data; the package, if any, in the part `file`). */
export const AppReleaseFields = Type.Object(
  {
    platform: Type.Enum(AppPlatforms),
    version: Type.String({ minLength: 1, maxLength: AppReleaseLimits.versionMax }),
    notes: Type.Optional(Type.String({ maxLength: AppReleaseLimits.notesMax })),
    /** An https link to the app's store page; instead of a file. */
    storeUrl: Type.Optional(Type.String({ maxLength: AppReleaseLimits.storeUrlMax })),
    /** "true" publishes the release at once. */
    publish: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);
export type AppReleaseFields = Static<typeof AppReleaseFields>;

export const AppReleaseView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  platform: Type.Enum(AppPlatforms),
  version: Type.String(),
  notes: Type.String(),
  source: Type.Enum(AppReleaseSources),
  storeUrl: Nullable(Type.String()),
  fileName: Nullable(Type.String()),
  size: Nullable(Type.Integer({ description: 'Bytes' })),
  sha256: Nullable(Type.String()),
  published: Type.Boolean(),
  /** The newest published release of its platform. */
  current: Type.Boolean(),
  /** Where phones get it: the store link, or the public download of the package (once published). */
  downloadUrl: Nullable(Type.String()),
  publishedAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
});
export type AppReleaseView = Static<typeof AppReleaseView>;

/** What anyone may know of a current release. */
export const AppReleasePublicView = Type.Object({
  platform: Type.Enum(AppPlatforms),
  version: Type.String(),
  notes: Type.String(),
  source: Type.Enum(AppReleaseSources),
  downloadUrl: Type.String(),
  size: Nullable(Type.Integer()),
  sha256: Nullable(Type.String()),
  publishedAt: Type.Integer(),
});
export type AppReleasePublicView = Static<typeof AppReleasePublicView>;

export const AppReleaseCurrentData = Type.Object({
  android: Nullable(AppReleasePublicView),
  ios: Nullable(AppReleasePublicView),
});
export type AppReleaseCurrentData = Static<typeof AppReleaseCurrentData>;

export const AppReleasePageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    platform: Type.Optional(Type.Enum(AppPlatforms)),
  },
  { additionalProperties: false },
);
export type AppReleasePageQuery = Static<typeof AppReleasePageQuery>;

export const AppReleaseIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type AppReleaseIdParams = Static<typeof AppReleaseIdParams>;

/**
 * A store link must be an https URL with a host and no user name or password (the QR code sends phones
 * there). A pattern, not `URL`: contracts run without DOM or Node types.
 */
export function isHttpsUrl(text: string): boolean {
  return /^https:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\s]*)?$/.test(text.trim());
}
