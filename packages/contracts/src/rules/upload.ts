// Decision: only the extension is judged here (shared by form and server); the server also checks magic
// bytes and size (ENGINEERING §5). A name like '.bin' has no extension, as path.extname sees it.
import { RuleMessage, type RuleResult } from './messages.js';

export const UPLOAD_EXTENSIONS = {
  firmware: ['bin', 'mbt'],
  image: ['png', 'jpg', 'jpeg'],
  import: ['xlsx', 'xls'],
} as const;

export type UploadKind = keyof typeof UPLOAD_EXTENSIONS;

const FAILURE = {
  firmware: RuleMessage.firmwareFileType,
  image: RuleMessage.imageFileType,
  import: RuleMessage.importFileType,
} as const satisfies Record<UploadKind, RuleResult>;

/** Lower-case extension without the dot ('' when none); path segments ('C:\\fakepath\\a.bin') are ignored. */
export function fileExtension(fileName: string): string {
  const baseName = fileName.split(/[\\/]/).pop() ?? '';
  const dot = baseName.lastIndexOf('.');
  return dot > 0 ? baseName.slice(dot + 1).toLowerCase() : '';
}

/** The `accept` attribute for a file input of this kind, e.g. '.bin,.mbt'. */
export function acceptAttribute(kind: UploadKind): string {
  return UPLOAD_EXTENSIONS[kind].map((extension) => `.${extension}`).join(',');
}

/** Firmware only bin or mbt; images only png, jpg, jpeg; imports only xlsx or xls (case-insensitive). */
export function validateUploadName(fileName: string, kind: UploadKind): RuleResult {
  const allowed: readonly string[] = UPLOAD_EXTENSIONS[kind];
  return allowed.includes(fileExtension(fileName)) ? null : FAILURE[kind];
}
