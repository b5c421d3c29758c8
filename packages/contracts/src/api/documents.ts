// Platform documents (SPEC §2 back-office "Platform documents"; docs/documents.md): manuals, data sheets and
// certificates the platform publishes to the roles it chooses. Each document keeps every uploaded version;
// the newest is the current one. Shared by the server and the console (limits, file types, messages).
import { Type, type Static } from 'typebox';
import { fileExtension } from '../rules/upload.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const DocumentLimits = {
  /** Default of DOCUMENT_MAX_BYTES: the largest file accepted. */
  fileBytesDefault: 20 * 1024 * 1024,
  fileBytesMax: 100 * 1024 * 1024,
  fileNameMax: 200,
  titleMax: 120,
  descriptionMax: 2_000,
  categoryMax: 64,
  versionLabelMax: 32,
  notesMax: 2_000,
  /** Roles one document may be shown to (besides "all"). */
  visibleRolesMax: 100,
  /** Entries an Office file (a ZIP) may hold, and their total inflated size: refused above (zip bombs). */
  officeEntriesMax: 10_000,
  officeInflatedBytesMax: 512 * 1024 * 1024,
} as const;

/** What a file is, judged by its content and its extension together. */
export const DocumentFileKinds = ['PDF', 'PNG', 'JPEG', 'DOCX', 'XLSX', 'PPTX', 'TEXT', 'MARKDOWN'] as const;
export type DocumentFileKind = (typeof DocumentFileKinds)[number];

/** The extensions each kind may carry (lower case, without the dot). */
export const DOCUMENT_EXTENSIONS: Record<DocumentFileKind, readonly string[]> = {
  PDF: ['pdf'],
  PNG: ['png'],
  JPEG: ['jpg', 'jpeg'],
  DOCX: ['docx'],
  XLSX: ['xlsx'],
  PPTX: ['pptx'],
  TEXT: ['txt'],
  MARKDOWN: ['md'],
};

/** The Content-Type a download of each kind is served with. */
export const DOCUMENT_MIME: Record<DocumentFileKind, string> = {
  PDF: 'application/pdf',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PPTX: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  TEXT: 'text/plain; charset=utf-8',
  MARKDOWN: 'text/markdown; charset=utf-8',
};

/** The kind an extension names, or null when documents may not have it. */
export function documentKindOfName(fileName: string): DocumentFileKind | null {
  const extension = fileExtension(fileName);
  return DocumentFileKinds.find((kind) => DOCUMENT_EXTENSIONS[kind].includes(extension)) ?? null;
}

/** The `accept` attribute of the console's file picker. */
export const DOCUMENT_ACCEPT = DocumentFileKinds.flatMap((k) => DOCUMENT_EXTENSIONS[k])
  .map((e) => `.${e}`)
  .join(',');

/** enMsg keys of this area (texts in locales/documents). */
export const DocumentMessage = {
  /** The extension is none of PDF, PNG, JPEG, DOCX, XLSX, PPTX, TXT, MD. */
  fileType: 'documents.fileType',
  /** The content is not what the extension says (a .pdf that is HTML, a .txt that is not UTF-8 text…). */
  contentMismatch: 'documents.contentMismatch',
  /** The file is larger than DOCUMENT_MAX_BYTES. */
  fileTooLarge: 'documents.fileTooLarge',
  emptyFile: 'documents.emptyFile',
  /** A role of the visibility list does not exist. */
  unknownRole: 'documents.unknownRole',
  /** The visibility is neither "all" nor a list of role ids. */
  visibilityInvalid: 'documents.visibilityInvalid',
  uploaded: 'documents.uploaded',
  versionAdded: 'documents.versionAdded',
  saved: 'documents.saved',
} as const;

/** "all", or a comma-separated list of role ids, as the multipart upload sends it. */
export const DOCUMENT_VISIBLE_ALL = 'all';

/**
 * The text fields of `POST /api/document` (multipart/form-data, besides the `file` part). `visibleTo` is
 * "all" or the ids of the roles that may see the document, comma-separated.
 */
export const DocumentUploadFields = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: DocumentLimits.titleMax }),
    description: Type.Optional(Type.String({ maxLength: DocumentLimits.descriptionMax })),
    category: Type.Optional(Type.String({ maxLength: DocumentLimits.categoryMax })),
    visibleTo: Type.String({ minLength: 1, maxLength: 1_000 }),
    versionLabel: Type.Optional(Type.String({ maxLength: DocumentLimits.versionLabelMax })),
    notes: Type.Optional(Type.String({ maxLength: DocumentLimits.notesMax })),
  },
  { additionalProperties: false },
);
export type DocumentUploadFields = Static<typeof DocumentUploadFields>;

/** The text fields of `POST /api/document/:id/version`. */
export const DocumentVersionFields = Type.Object(
  {
    versionLabel: Type.Optional(Type.String({ maxLength: DocumentLimits.versionLabelMax })),
    notes: Type.Optional(Type.String({ maxLength: DocumentLimits.notesMax })),
  },
  { additionalProperties: false },
);
export type DocumentVersionFields = Static<typeof DocumentVersionFields>;

/** `PUT /api/document/:id`: the details and who may see the document. */
export const DocumentUpdateBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: DocumentLimits.titleMax }),
    description: Type.String({ maxLength: DocumentLimits.descriptionMax }),
    category: Type.String({ maxLength: DocumentLimits.categoryMax }),
    visibleToAll: Type.Boolean(),
    /** Ignored (stored empty) when visibleToAll. */
    roleIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: DocumentLimits.visibleRolesMax,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;

export const DocumentVersionView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** 1 for the first upload, then 2, 3… */
  number: Type.Integer({ minimum: 1 }),
  /** The uploader's label ("2024 edition", "v3"); empty when none was given. */
  label: Type.String(),
  notes: Type.String(),
  fileName: Type.String(),
  kind: Type.Enum(DocumentFileKinds),
  size: Type.Integer({ description: 'Bytes' }),
  sha256: Type.String(),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
});
export type DocumentVersionView = Static<typeof DocumentVersionView>;

export const DocumentView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  visibleToAll: Type.Boolean(),
  /** The roles that may see it (empty when visibleToAll). */
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  current: DocumentVersionView,
  versionCount: Type.Integer({ minimum: 1 }),
  createdAt: Type.Integer(),
  /** When the current version was uploaded or the details last changed. */
  updatedAt: Type.Integer(),
});
export type DocumentView = Static<typeof DocumentView>;

export const DocumentPageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    /** Part of the title, description, category or current file name. */
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type DocumentPageQuery = Static<typeof DocumentPageQuery>;

export const DocumentIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type DocumentIdParams = Static<typeof DocumentIdParams>;

export const DocumentVersionParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), versionId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type DocumentVersionParams = Static<typeof DocumentVersionParams>;

/** A role the visibility editor offers. */
export const DocumentRoleOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Translation key of a built-in role's name ('' for roles administrators made). */
  nameKey: Type.String(),
  /** The company that owns the role; null for the built-in roles. */
  companyName: Nullable(Type.String()),
});
export type DocumentRoleOption = Static<typeof DocumentRoleOption>;

/**
 * Parses the multipart `visibleTo` field: "all" → null (everyone), else the distinct role ids; undefined
 * when it is neither.
 */
export function parseVisibleTo(text: string): number[] | null | undefined {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === DOCUMENT_VISIBLE_ALL) return null;
  const parts = trimmed.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > DocumentLimits.visibleRolesMax) return undefined;
  if (!parts.every((p) => /^[1-9][0-9]{0,8}$/.test(p))) return undefined;
  return [...new Set(parts.map(Number))];
}
