// Firmware library (SPEC §3 "Firmware": model, version, file; §5 firmware only bin or mbt, version format;
// docs/firmware.md): images uploaded once, stored with their SHA-256 and an Ed25519 signature over it that
// loggers verify before they install (docs/protocol.md §6.3). Shared by the server and the console.
import { Type, type Static } from 'typebox';
import { DeviceTypes } from '../protocol/protocol.js';
import { RuleMessage, type RuleResult } from '../rules/messages.js';
import { matchesPattern } from '../rules/patterns.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** Who signed the image for the loggers: the platform's key, or a vendor's key checked on upload. */
export const FirmwareSigners = ['PLATFORM', 'VENDOR'] as const;
export type FirmwareSigner = (typeof FirmwareSigners)[number];

export const FirmwareLimits = {
  /** Default of FIRMWARE_MAX_BYTES: the largest image accepted (the simulator's loggers take 64 MiB). */
  fileBytesDefault: 16 * 1024 * 1024,
  fileBytesMax: 64 * 1024 * 1024,
  fileNameMax: 200,
  modelMax: 64,
  /** As the protocol's firmware.upgrade `version` (1…16 printable characters). */
  versionMax: 16,
  notesMax: 2_000,
  compatibleModelsMax: 20,
  /** How long a logger's download URL stays valid at most (it also ends with its command). */
  downloadTtlSecondsMax: 24 * 3_600,
} as const;

/** enMsg keys of this area (texts in locales/firmware); the file type and version use RuleMessage keys. */
export const FirmwareMessage = {
  /** No device model of that type and name is known (Device protocol / Device rule screens). */
  unknownModel: 'firmware.unknownModel',
  /** An image of that device type, model and version is in the library already. */
  versionExists: 'firmware.versionExists',
  /** The file is larger than FIRMWARE_MAX_BYTES. */
  fileTooLarge: 'firmware.fileTooLarge',
  /** The file is empty. */
  emptyFile: 'firmware.emptyFile',
  /** The vendor signature is not base64 of 64 bytes, or no trusted vendor key verifies it. */
  signatureInvalid: 'firmware.signatureInvalid',
  /** FIRMWARE_REQUIRE_VENDOR_SIGNATURE is on and the upload carries no signature. */
  signatureRequired: 'firmware.signatureRequired',
  /** The minimum version is newer than the image's own version. */
  minVersionAboveVersion: 'firmware.minVersionAboveVersion',
  /** An upgrade task uses the image: it cannot be deleted. */
  inUse: 'firmware.inUse',
  /** Shown after an upload. */
  uploaded: 'firmware.uploaded',
  /** A download link that expired, ended with its command, or never existed. */
  downloadGone: 'firmware.downloadGone',
} as const;

/**
 * The text fields of `POST /api/firmware` (multipart/form-data, sent before or after the `file` part).
 * `compatibleModels` is a comma-separated list of further models of the same device type.
 */
export const FirmwareUploadFields = Type.Object(
  {
    deviceType: Type.Enum(DeviceTypes),
    model: Type.String({ minLength: 1, maxLength: FirmwareLimits.modelMax }),
    /** The version pattern (V1.2, 1.0.3…) is checked by the server: rule.versionFormat. */
    version: Type.String({ minLength: 1, maxLength: FirmwareLimits.versionMax }),
    notes: Type.Optional(Type.String({ maxLength: FirmwareLimits.notesMax })),
    compatibleModels: Type.Optional(Type.String({ maxLength: 2_000 })),
    minVersion: Type.Optional(Type.String({ maxLength: FirmwareLimits.versionMax })),
    /** A vendor's detached Ed25519 signature (base64) over the 32 bytes of the image's SHA-256. */
    signature: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FirmwareUploadFields = Static<typeof FirmwareUploadFields>;

export const FirmwareView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deviceType: Type.Enum(DeviceTypes),
  model: Type.String(),
  version: Type.String(),
  fileName: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  sha256: Type.String({ description: 'Hex SHA-256 of the image' }),
  /** The signature loggers are sent (base64 Ed25519 over the 32 digest bytes). */
  signature: Type.String(),
  signedBy: Type.Enum(FirmwareSigners),
  /** SHA-256 (hex, first 16 digits) of the raw public key whose private half made `signature`. */
  keyFingerprint: Type.String(),
  notes: Type.String(),
  compatibleModels: Type.Array(Type.String()),
  minVersion: Nullable(Type.String()),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
});
export type FirmwareView = Static<typeof FirmwareView>;

export const FirmwarePageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    deviceType: Type.Optional(Type.Enum(DeviceTypes)),
    /** Images for this model (as main or compatible model). */
    model: Type.Optional(Type.String({ minLength: 1, maxLength: FirmwareLimits.modelMax })),
    /** Part of the version, model or file name. */
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type FirmwarePageQuery = Static<typeof FirmwarePageQuery>;

export const FirmwareIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type FirmwareIdParams = Static<typeof FirmwareIdParams>;

export const FirmwareKeyView = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  /** SPKI PEM, as loggers and OpenSSL read it. */
  pem: Type.String(),
  /** The 32 raw public key bytes, base64. */
  raw: Type.String(),
  fingerprint: Type.String(),
});
export type FirmwareKeyView = Static<typeof FirmwareKeyView>;

export const FirmwarePublicKeyView = Type.Object({
  ...FirmwareKeyView.properties,
  /** Vendor keys whose detached signatures uploads may carry (FIRMWARE_VENDOR_KEYS). */
  vendorKeys: Type.Array(FirmwareKeyView),
  /** Whether an upload must carry a vendor signature (FIRMWARE_REQUIRE_VENDOR_SIGNATURE). */
  vendorSignatureRequired: Type.Boolean(),
  /** The largest image accepted, bytes (FIRMWARE_MAX_BYTES). */
  maxBytes: Type.Integer(),
});
export type FirmwarePublicKeyView = Static<typeof FirmwarePublicKeyView>;

export const FirmwareDownloadParams = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) },
  { additionalProperties: false },
);
export type FirmwareDownloadParams = Static<typeof FirmwareDownloadParams>;

/**
 * SPEC §5 "the current version format is incorrect": V1.2, 1.0.3, v2.10.0.1 (at most 16 characters, the
 * protocol's limit). Blank passes: whether a version is required is the form's own rule.
 */
export function validateVersion(value: string | undefined): RuleResult {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  return trimmed.length <= FirmwareLimits.versionMax && matchesPattern(trimmed, 'version')
    ? null
    : RuleMessage.versionFormat;
}

/** Compares two versions of the version pattern (V1.2, 1.0.3…) number by number; a missing part is 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^[Vv]/, '').split('.').map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** The models of a comma-separated list, trimmed, without blanks and repeats. */
export function parseModelList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m !== ''),
    ),
  ];
}
