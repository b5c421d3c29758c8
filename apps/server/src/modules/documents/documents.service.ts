// Platform documents (docs/documents.md): an upload is checked whole — name, size, kind by extension AND
// content, fields, the roles it is shown to — before anything is stored; each further upload adds a version.
// Who may manage documents (documents:update) sees all of them; everyone else only those shown to one of
// their roles, and a hidden document answers exactly like a missing one (4004).
import { createHash, randomUUID } from 'node:crypto';
import {
  DocumentLimits,
  DocumentMessage,
  documentKindOfName,
  pageWindow,
  parseVisibleTo,
  Perm,
  WILDCARD_PERMISSION,
  type DocumentFileKind,
  type DocumentPageQuery,
  type DocumentRoleOption,
  type DocumentUpdateBody,
  type DocumentUploadFields,
  type DocumentVersionFields,
  type DocumentVersionView,
  type DocumentView,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { FormFile } from '../../lib/multipart-form.js';
import type { SessionContext } from '../auth/auth.service.js';
import { invalidField } from '../reference/sql-helpers.js';
import { contentIs } from './file-content.js';
import {
  DocumentsRepository,
  type DocumentRow,
  type VersionRow,
  type Visibility,
} from './documents.repository.js';

/** The file of a version, checked and ready to store. */
interface CheckedFile {
  fileName: string;
  kind: DocumentFileKind;
  bytes: Buffer;
  size: number;
  sha256: string;
}

export function versionView(row: VersionRow): DocumentVersionView {
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    notes: row.notes,
    fileName: row.fileName,
    kind: row.kind,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.getTime(),
    createdBy: row.createdBy,
  };
}

const manages = (session: SessionContext): boolean =>
  session.permissions.includes(WILDCARD_PERMISSION) || session.permissions.includes(Perm.documentsUpdate);

export class DocumentsService {
  private readonly repo: DocumentsRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; maxBytes: number }) {
    this.repo = new DocumentsRepository(deps.db);
  }

  /** null (all) for those who manage documents, else the caller's roles. */
  private async visibility(session: SessionContext): Promise<Visibility> {
    return manages(session) ? null : this.repo.rolesOfUser(session.userId);
  }

  /** Name, size, kind by extension and by content; 4000 on the file field otherwise. */
  private checkFile(file: FormFile | null): CheckedFile {
    if (file === null)
      throw invalidField('body.file', 'security.fileRequired', "expected one file in the field 'file'");
    const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').trim().slice(-DocumentLimits.fileNameMax);
    const kind = documentKindOfName(fileName);
    if (kind === null)
      throw invalidField(
        'body.file',
        DocumentMessage.fileType,
        'only pdf, png, jpg, docx, xlsx, pptx, txt, md',
      );
    if (file.bytes.length === 0)
      throw invalidField('body.file', DocumentMessage.emptyFile, 'the file is empty');
    if (file.bytes.length > this.deps.maxBytes)
      throw invalidField(
        'body.file',
        DocumentMessage.fileTooLarge,
        `larger than ${this.deps.maxBytes} bytes`,
      );
    if (!contentIs(kind, file.bytes))
      throw invalidField('body.file', DocumentMessage.contentMismatch, `the content is not ${kind}`);
    return {
      fileName,
      kind,
      bytes: file.bytes,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    };
  }

  /** The roles a document is shown to: null = all; every id must be a role (4000 documents.unknownRole). */
  private async checkRoles(field: string, roleIds: readonly number[] | null): Promise<number[] | null> {
    if (roleIds === null) return null;
    if (roleIds.length === 0) throw invalidField(field, DocumentMessage.visibilityInvalid, 'no role chosen');
    const known = await this.repo.existingRoleIds(roleIds);
    const unknown = roleIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw invalidField(field, DocumentMessage.unknownRole, `no role ${unknown.join(', ')}`);
    return [...roleIds];
  }

  async upload(
    session: SessionContext,
    fields: DocumentUploadFields,
    file: FormFile | null,
  ): Promise<DocumentView> {
    const title = fields.title.trim();
    if (title === '') throw invalidField('body.title', 'rule.required', 'must not be blank');
    const parsed = parseVisibleTo(fields.visibleTo);
    if (parsed === undefined)
      throw invalidField(
        'body.visibleTo',
        DocumentMessage.visibilityInvalid,
        "'all' or role ids, comma-separated",
      );
    const roleIds = await this.checkRoles('body.visibleTo', parsed);
    const checked = this.checkFile(file);
    const id = randomUUID();
    const now = this.deps.clock.now();
    await this.repo.insert(
      {
        id,
        title,
        description: fields.description?.trim() ?? '',
        category: fields.category?.trim() ?? '',
        visibleToAll: roleIds === null,
        roleIds: roleIds ?? [],
        createdByUserId: session.userId,
        createdAt: now,
        updatedAt: now,
      },
      this.versionValues(session, fields, checked, now),
    );
    return this.detail(session, id);
  }

  async addVersion(
    session: SessionContext,
    documentId: string,
    fields: DocumentVersionFields,
    file: FormFile | null,
  ): Promise<DocumentView> {
    await this.detail(session, documentId);
    const checked = this.checkFile(file);
    const now = this.deps.clock.now();
    if (!(await this.repo.addVersion(documentId, this.versionValues(session, fields, checked, now), now)))
      throw Errors.notFound();
    return this.detail(session, documentId);
  }

  private versionValues(
    session: SessionContext,
    fields: DocumentVersionFields,
    file: CheckedFile,
    now: Date,
  ): Parameters<DocumentsRepository['addVersion']>[1] {
    return {
      id: randomUUID(),
      label: fields.versionLabel?.trim() ?? '',
      notes: fields.notes?.trim() ?? '',
      fileName: file.fileName,
      kind: file.kind,
      size: file.size,
      sha256: file.sha256,
      bytes: file.bytes,
      createdByUserId: session.userId,
      createdAt: now,
    };
  }

  async detail(session: SessionContext, id: string): Promise<DocumentView> {
    const row = await this.repo.one(id, await this.visibility(session));
    if (row === null) throw Errors.notFound();
    const [view] = await this.views([row]);
    if (view === undefined) throw Errors.notFound();
    return view;
  }

  async page(
    session: SessionContext,
    query: DocumentPageQuery,
  ): Promise<{ total: number; list: DocumentView[] }> {
    const { total, list } = await this.repo.page(
      { q: query.q?.trim() || undefined, visibility: await this.visibility(session) },
      pageWindow(query),
    );
    return { total, list: await this.views(list) };
  }

  async versions(session: SessionContext, id: string): Promise<DocumentVersionView[]> {
    await this.detail(session, id);
    return (await this.repo.versionsOf([id])).map(versionView);
  }

  /** Changes the details and visibility; answers the document before and after (for the audit trail). */
  async update(
    session: SessionContext,
    id: string,
    body: DocumentUpdateBody,
  ): Promise<{ before: DocumentView; after: DocumentView }> {
    const before = await this.detail(session, id);
    const title = body.title.trim();
    if (title === '') throw invalidField('body.title', 'rule.required', 'must not be blank');
    const roleIds = await this.checkRoles('body.roleIds', body.visibleToAll ? null : body.roleIds);
    const changed = await this.repo.update(id, {
      title,
      description: body.description.trim(),
      category: body.category.trim(),
      visibleToAll: roleIds === null,
      roleIds: roleIds ?? [],
      updatedAt: this.deps.clock.now(),
    });
    if (!changed) throw Errors.notFound();
    return { before, after: await this.detail(session, id) };
  }

  async delete(session: SessionContext, id: string): Promise<DocumentView> {
    const document = await this.detail(session, id);
    if (!(await this.repo.delete(id))) throw Errors.notFound();
    return document;
  }

  /** A version's file (the current one without `versionId`); 4004 for a hidden or missing one. */
  async file(
    session: SessionContext,
    id: string,
    versionId: string | null,
  ): Promise<{ fileName: string; kind: DocumentFileKind; bytes: Buffer }> {
    const row = await this.repo.one(id, await this.visibility(session));
    if (row === null) throw Errors.notFound();
    const file = await this.repo.file(id, versionId);
    if (file === null) throw Errors.notFound();
    return file;
  }

  async roleOptions(): Promise<DocumentRoleOption[]> {
    return this.repo.roleOptions();
  }

  private async views(rows: DocumentRow[]): Promise<DocumentView[]> {
    const versions = await this.repo.versionsOf(rows.map((r) => r.id));
    const names = await this.repo.roleNames([...new Set(rows.flatMap((r) => r.roleIds))]);
    return rows.flatMap((row) => {
      const own = versions.filter((v) => v.documentId === row.id);
      const current = own[0];
      if (current === undefined) return [];
      return [
        {
          id: row.id,
          title: row.title,
          description: row.description,
          category: row.category,
          visibleToAll: row.visibleToAll,
          roles: row.visibleToAll
            ? []
            : row.roleIds.flatMap((roleId) => {
                const name = names.get(roleId);
                return name === undefined ? [] : [{ id: roleId, name }];
              }),
          current: versionView(current),
          versionCount: own.length,
          createdAt: row.createdAt.getTime(),
          updatedAt: row.updatedAt.getTime(),
        },
      ];
    });
  }
}
