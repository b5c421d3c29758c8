// Companion-app releases (docs/app-release.md): a release is checked whole before it is stored — version
// format and order, a file (Android package, by name and content) or an https store link — and the newest
// published version of each platform is the current one that phones are sent to: the public
// /api/appRelease/current and the login page's QR code and store buttons (/api/config appDownload).
import { createHash, randomUUID } from 'node:crypto';
import {
  AppReleaseLimits,
  AppReleaseMessage,
  compareVersions,
  fileExtension,
  isHttpsUrl,
  pageWindow,
  validateVersion,
  type AppPlatform,
  type AppReleaseCurrentData,
  type AppReleaseFields,
  type AppReleasePageQuery,
  type AppReleasePublicView,
  type AppReleaseView,
  type ConfigData,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { FormFile } from '../../lib/multipart-form.js';
import { zipEntryNames } from '../../lib/zip-entries.js';
import { zipWithinLimits } from '../../lib/zip-guard.js';
import { invalidField, pgErrorCode, PG_UNIQUE_VIOLATION } from '../reference/sql-helpers.js';
import { AppReleaseRepository, type AppReleaseRow } from './app-release.repository.js';

/** An Android package: a sound ZIP holding AndroidManifest.xml. */
export function isAndroidPackage(bytes: Buffer): boolean {
  const limits = {
    maxEntries: AppReleaseLimits.apkEntriesMax,
    maxTotalBytes: AppReleaseLimits.apkInflatedBytesMax,
  };
  if (!zipWithinLimits(bytes, limits)) return false;
  return zipEntryNames(bytes)?.includes('AndroidManifest.xml') ?? false;
}

/** The current release of each platform: the published one with the highest version. */
export function currentIds(rows: readonly AppReleaseRow[]): Set<string> {
  const best = new Map<AppPlatform, AppReleaseRow>();
  for (const row of rows) {
    if (!row.published) continue;
    const held = best.get(row.platform);
    if (held === undefined || compareVersions(row.version, held.version) > 0) best.set(row.platform, row);
  }
  return new Set([...best.values()].map((r) => r.id));
}

export class AppReleaseService {
  private readonly repo: AppReleaseRepository;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      maxBytes: number;
      /** PUBLIC_URL: the base of the package download links phones are sent. */
      publicUrl: string;
    },
  ) {
    this.repo = new AppReleaseRepository(deps.db);
  }

  private downloadUrl(row: AppReleaseRow): string | null {
    if (row.source === 'STORE') return row.storeUrl;
    if (!row.published) return null;
    return `${this.deps.publicUrl.replace(/\/$/, '')}/api/appRelease/download/${row.id}`;
  }

  private view(row: AppReleaseRow, current: Set<string>): AppReleaseView {
    return {
      id: row.id,
      platform: row.platform,
      version: row.version,
      notes: row.notes,
      source: row.source,
      storeUrl: row.storeUrl,
      fileName: row.fileName,
      size: row.size,
      sha256: row.sha256,
      published: row.published,
      current: current.has(row.id),
      downloadUrl: this.downloadUrl(row),
      publishedAt: row.publishedAt?.getTime() ?? null,
      createdAt: row.createdAt.getTime(),
      createdBy: row.createdBy,
    };
  }

  async create(userId: number, fields: AppReleaseFields, file: FormFile | null): Promise<AppReleaseView> {
    const version = fields.version.trim();
    const versionRule = version === '' ? 'rule.required' : validateVersion(version);
    if (versionRule !== null) throw invalidField('body.version', versionRule, 'like V1.2 or 1.0.3');
    const storeUrl = fields.storeUrl?.trim() || null;
    if ((storeUrl === null) === (file === null))
      throw invalidField('body.file', AppReleaseMessage.fileOrStoreLink, 'a file or a store link, not both');
    if (storeUrl !== null && !isHttpsUrl(storeUrl))
      throw invalidField('body.storeUrl', AppReleaseMessage.storeUrlHttps, 'an https URL');
    const stored = file === null ? null : this.checkPackage(fields.platform, file);

    const rows = await this.repo.all(fields.platform);
    if (rows.some((r) => compareVersions(r.version, version) === 0))
      throw invalidField('body.version', AppReleaseMessage.versionExists, `${version} is listed already`);
    const current = rows.find((r) => currentIds(rows).has(r.id));
    if (current !== undefined && compareVersions(version, current.version) <= 0)
      throw invalidField(
        'body.version',
        AppReleaseMessage.versionNotNewer,
        `must be newer than the current ${current.version}`,
      );

    const id = randomUUID();
    const now = this.deps.clock.now();
    const publish = fields.publish === 'true';
    try {
      await this.repo.insert({
        id,
        platform: fields.platform,
        version,
        notes: fields.notes?.trim() ?? '',
        source: stored === null ? 'STORE' : 'FILE',
        storeUrl,
        ...(stored ?? {}),
        published: publish,
        publishedAt: publish ? now : null,
        createdByUserId: userId,
        createdAt: now,
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
        throw invalidField('body.version', AppReleaseMessage.versionExists, `${version} is listed already`);
      throw error;
    }
    return this.detail(id);
  }

  private checkPackage(
    platform: AppPlatform,
    file: FormFile,
  ): { fileName: string; size: number; sha256: string; bytes: Buffer } {
    if (platform === 'IOS')
      throw invalidField('body.file', AppReleaseMessage.iosStoreOnly, 'iOS releases are store links');
    const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').trim().slice(-AppReleaseLimits.fileNameMax);
    if (fileExtension(fileName) !== 'apk')
      throw invalidField('body.file', AppReleaseMessage.fileType, 'only .apk');
    if (file.bytes.length === 0)
      throw invalidField('body.file', AppReleaseMessage.emptyFile, 'the file is empty');
    if (file.bytes.length > this.deps.maxBytes)
      throw invalidField(
        'body.file',
        AppReleaseMessage.fileTooLarge,
        `larger than ${this.deps.maxBytes} bytes`,
      );
    if (!isAndroidPackage(file.bytes))
      throw invalidField('body.file', AppReleaseMessage.notAnApk, 'not a ZIP holding AndroidManifest.xml');
    return {
      fileName,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      bytes: file.bytes,
    };
  }

  async detail(id: string): Promise<AppReleaseView> {
    const row = await this.repo.one(id);
    if (row === null) throw Errors.notFound();
    return this.view(row, currentIds(await this.repo.all(row.platform)));
  }

  async page(query: AppReleasePageQuery): Promise<{ total: number; list: AppReleaseView[] }> {
    const rows = await this.repo.all();
    const current = currentIds(rows);
    const { offset, limit } = pageWindow(query);
    // Per platform, highest version first: the order in which they replace each other.
    const matching = rows
      .filter((r) => query.platform === undefined || r.platform === query.platform)
      .sort((a, b) => a.platform.localeCompare(b.platform) || compareVersions(b.version, a.version));
    return {
      total: matching.length,
      list: matching.slice(offset, offset + limit).map((r) => this.view(r, current)),
    };
  }

  /** Publishes or withdraws a release; answers it as it is now. */
  async setPublished(id: string, published: boolean): Promise<AppReleaseView> {
    await this.detail(id);
    if (!(await this.repo.setPublished(id, published, this.deps.clock.now()))) throw Errors.notFound();
    return this.detail(id);
  }

  async delete(id: string): Promise<AppReleaseView> {
    const release = await this.detail(id);
    if (!(await this.repo.delete(id))) throw Errors.notFound();
    return release;
  }

  /** The package of a release: any for the back office, only a published one for the public link. */
  async file(id: string, publishedOnly: boolean): Promise<{ fileName: string; bytes: Buffer }> {
    const file = await this.repo.file(id, publishedOnly);
    if (file === null) throw Errors.notFound();
    return file;
  }

  async current(): Promise<AppReleaseCurrentData> {
    const rows = await this.repo.all();
    const current = currentIds(rows);
    const of = (platform: AppPlatform): AppReleasePublicView | null => {
      const row = rows.find((r) => r.platform === platform && current.has(r.id));
      const url = row === undefined ? null : this.downloadUrl(row);
      if (row === undefined || url === null) return null;
      return {
        platform,
        version: row.version,
        notes: row.notes,
        source: row.source,
        downloadUrl: url,
        size: row.size,
        sha256: row.sha256,
        publishedAt: row.publishedAt?.getTime() ?? row.createdAt.getTime(),
      };
    };
    return { android: of('ANDROID'), ios: of('IOS') };
  }

  /**
   * What the login page's QR code and store buttons link to: the current release of each platform, else
   * APP_DOWNLOAD_URL. The QR code takes the Android link, else the iOS one, else APP_DOWNLOAD_URL.
   */
  async appDownload(fallback: string): Promise<ConfigData['appDownload']> {
    const { android, ios } = await this.current();
    return {
      url: android?.downloadUrl ?? ios?.downloadUrl ?? fallback,
      android: android?.downloadUrl ?? fallback,
      ios: ios?.downloadUrl ?? fallback,
    };
  }
}
