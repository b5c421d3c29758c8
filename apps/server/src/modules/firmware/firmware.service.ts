// The firmware library (docs/firmware.md): an upload is checked whole before anything is stored — the file
// name (bin or mbt), its size, the fields, the model against the known device models, the version against
// the library, a vendor signature against the trusted vendor keys — then stored with its SHA-256 and the
// signature loggers will verify. Loggers fetch images through download links made per upgrade command.
import { createHash, randomUUID } from 'node:crypto';
import {
  compareVersions,
  FirmwareMessage,
  pageWindow,
  parseModelList,
  validateUploadName,
  FirmwareLimits,
  validateVersion,
  type FirmwarePageQuery,
  type FirmwarePublicKeyView,
  type FirmwareUploadFields,
  type FirmwareView,
} from '@sunfleet/contracts';
import type { FirmwareSettings } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, Errors } from '../../lib/errors.js';
import {
  invalidField,
  pgErrorCode,
  PG_FOREIGN_KEY_VIOLATION,
  PG_UNIQUE_VIOLATION,
} from '../reference/sql-helpers.js';
import { UpgradeRepository } from './upgrade.repository.js';
import { hashToken, issueDownloadLink } from './download-links.js';
import { FirmwareRepository, type FirmwareRow } from './firmware.repository.js';
import type { FirmwareKeyring } from './signing-key.js';

/** An upload as read from the multipart body: the file part and the text fields, already schema-checked. */
export interface FirmwareUpload {
  fileName: string;
  bytes: Buffer;
  fields: FirmwareUploadFields;
}

export function firmwareView(row: FirmwareRow): FirmwareView {
  return {
    id: row.id,
    deviceType: row.deviceType,
    model: row.model,
    version: row.version,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    signature: row.signature,
    signedBy: row.signedBy,
    keyFingerprint: row.keyFingerprint,
    notes: row.notes,
    compatibleModels: row.compatibleModels,
    minVersion: row.minVersion,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
  };
}

export class FirmwareService {
  private readonly repo: FirmwareRepository;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** The signing keys, loaded on first use. */
      keyring: () => FirmwareKeyring;
      settings: FirmwareSettings;
      /** PUBLIC_URL: the base of the download links loggers are sent. */
      publicUrl: string;
    },
  ) {
    this.repo = new FirmwareRepository(deps.db);
  }

  publicKey(): FirmwarePublicKeyView {
    const { settings } = this.deps;
    const keyring = this.deps.keyring();
    return {
      ...keyring.platform,
      vendorKeys: keyring.vendors.map((v) => v.view),
      vendorSignatureRequired: settings.requireVendorSignature,
      maxBytes: settings.maxBytes,
    };
  }

  /** The file name as shown: its last path segment (browsers may send C:\fakepath\…), trimmed. */
  private static baseName(fileName: string): string {
    return (fileName.split(/[\\/]/).pop() ?? '').trim().slice(0, FirmwareLimits.fileNameMax);
  }

  async upload(userId: number, upload: FirmwareUpload): Promise<FirmwareView> {
    const { fields } = upload;
    const nameFailure = validateUploadName(upload.fileName, 'firmware');
    if (nameFailure !== null) throw invalidField('body.file', nameFailure, 'only .bin or .mbt');
    if (upload.bytes.length === 0)
      throw invalidField('body.file', FirmwareMessage.emptyFile, 'the file is empty');
    if (upload.bytes.length > this.deps.settings.maxBytes)
      throw invalidField(
        'body.file',
        FirmwareMessage.fileTooLarge,
        `larger than ${this.deps.settings.maxBytes} bytes`,
      );
    const version = fields.version.trim();
    const versionRule = version === '' ? 'rule.required' : validateVersion(version);
    if (versionRule !== null) throw invalidField('body.version', versionRule, 'like V1.2 or 1.0.3');
    const minVersion = fields.minVersion?.trim() || null;
    const minVersionRule = validateVersion(minVersion ?? undefined);
    if (minVersionRule !== null) throw invalidField('body.minVersion', minVersionRule, 'like V1.2 or 1.0.3');
    const model = fields.model.trim();
    if (model === '') throw invalidField('body.model', 'rule.required', 'must not be blank');
    const compatibleModels = parseModelList(fields.compatibleModels).filter((m) => m !== model);
    if (compatibleModels.length > FirmwareLimits.compatibleModelsMax)
      throw invalidField(
        'body.compatibleModels',
        'rule.tooMany',
        `at most ${FirmwareLimits.compatibleModelsMax} models`,
      );
    const known = await this.repo.knownModels(fields.deviceType, [model, ...compatibleModels]);
    if (!known.has(model))
      throw invalidField(
        'body.model',
        FirmwareMessage.unknownModel,
        `no ${fields.deviceType} model ${model}`,
      );
    const unknown = compatibleModels.filter((m) => !known.has(m));
    if (unknown.length > 0)
      throw invalidField(
        'body.compatibleModels',
        FirmwareMessage.unknownModel,
        `no ${fields.deviceType} model ${unknown.join(', ')}`,
      );
    if (minVersion !== null && compareVersions(minVersion, version) > 0)
      throw invalidField(
        'body.minVersion',
        FirmwareMessage.minVersionAboveVersion,
        `newer than the image's version ${version}`,
      );

    const digest = createHash('sha256').update(upload.bytes).digest();
    const signed = this.signatureOf(digest, fields.signature);
    const id = randomUUID();
    try {
      await this.repo.insert({
        id,
        deviceType: fields.deviceType,
        model,
        version,
        fileName: FirmwareService.baseName(upload.fileName),
        size: upload.bytes.length,
        sha256: digest.toString('hex'),
        signature: signed.signature,
        signedBy: signed.by,
        keyFingerprint: signed.fingerprint,
        notes: fields.notes?.trim() ?? '',
        compatibleModels,
        minVersion,
        bytes: upload.bytes,
        createdByUserId: userId,
        createdAt: this.deps.clock.now(),
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
        throw invalidField(
          'body.version',
          FirmwareMessage.versionExists,
          `${fields.deviceType} ${model} ${version} is in the library already`,
        );
      throw error;
    }
    return this.detail(id);
  }

  /**
   * A vendor signature, when given, must be made by a trusted vendor key and is kept as it is; without
   * one the platform signs (unless FIRMWARE_REQUIRE_VENDOR_SIGNATURE refuses unsigned images).
   */
  private signatureOf(
    digest: Buffer,
    vendorSignature: string | undefined,
  ): { signature: string; by: 'PLATFORM' | 'VENDOR'; fingerprint: string } {
    const { settings } = this.deps;
    const keyring = this.deps.keyring();
    const given = vendorSignature?.trim() ?? '';
    if (given === '') {
      if (settings.requireVendorSignature)
        throw invalidField(
          'body.signature',
          FirmwareMessage.signatureRequired,
          'this platform takes vendor-signed images only',
        );
      return { signature: keyring.sign(digest), by: 'PLATFORM', fingerprint: keyring.platform.fingerprint };
    }
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(given) ? Buffer.from(given, 'base64') : Buffer.alloc(0);
    const vendor = bytes.length === 64 ? keyring.vendorOf(digest, bytes) : null;
    if (vendor === null)
      throw invalidField(
        'body.signature',
        FirmwareMessage.signatureInvalid,
        'no trusted vendor key made this signature over the file',
      );
    return { signature: bytes.toString('base64'), by: 'VENDOR', fingerprint: vendor.fingerprint };
  }

  async detail(id: string): Promise<FirmwareView> {
    const row = await this.repo.one(id);
    if (row === null) throw Errors.notFound();
    return firmwareView(row);
  }

  async page(query: FirmwarePageQuery): Promise<{ total: number; list: FirmwareView[] }> {
    const { total, list } = await this.repo.page(
      { deviceType: query.deviceType, model: query.model?.trim(), q: query.q?.trim() || undefined },
      pageWindow(query),
    );
    return { total, list: list.map(firmwareView) };
  }

  /** Deletes an image no upgrade task uses (4000 firmware.inUse otherwise). */
  async delete(id: string): Promise<FirmwareView> {
    const image = await this.detail(id);
    const inUse = (): AppError =>
      invalidField('params.id', FirmwareMessage.inUse, 'an upgrade task uses this image');
    if (await new UpgradeRepository(this.deps.db).imageInUse(id)) throw inUse();
    try {
      if (!(await this.repo.delete(id))) throw Errors.notFound();
    } catch (error) {
      // A task created meanwhile: the foreign key refuses.
      if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw inUse();
      throw error;
    }
    return image;
  }

  /**
   * A download link for one upgrade command: valid until `expiresAt` and while the command is open.
   * Answers the URL the logger is sent.
   */
  async issueDownload(firmwareId: string, commandId: string, expiresAt: Date): Promise<string> {
    return issueDownloadLink(this.deps.db, {
      firmwareId,
      commandId,
      expiresAt,
      now: this.deps.clock.now(),
      publicUrl: this.deps.publicUrl,
    });
  }

  /** The image behind a link; 4004 firmware.downloadGone when it expired, its command ended, or never was. */
  async download(token: string): Promise<{ fileName: string; bytes: Buffer; sha256: string }> {
    const image = await this.repo.download(hashToken(token), this.deps.clock.now());
    if (image === null) throw Errors.notFound(FirmwareMessage.downloadGone);
    return image;
  }
}
