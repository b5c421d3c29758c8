// Platform documents (Step 5e, docs/documents.md) through the API: uploads are judged by extension AND
// content and refused whole (a .pdf that is HTML, an oversized file, a wrong extension store nothing);
// versions; visibility per role (a user whose roles may not see a document gets 4004 like a missing one);
// downloads as attachments with nosniff; every change audited.
import type { DocumentVersionView, DocumentView } from '@sunfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { bearer, createTestApp, oneDatabase, type TestApp } from './helpers.js';
import { as, countRows, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { formData } from './support/form-data.js';
import { officeFile } from './support/zip-archive.js';

const MAX_BYTES = 4096;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
const MANAGER_ROLE = 2;
const DEVELOPER_ROLE = 3;

interface Answer<T> {
  status: number;
  enMsg: string;
  data: T;
}

async function send<T = DocumentView>(
  t: TestApp,
  token: string,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
): Promise<Answer<T>> {
  const body = await formData(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return res.json<Answer<T>>();
}

const upload = (
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) => send(t, token, '/api/document', fields, file);

describe.each(oneDatabase())('platform documents on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DOCUMENT_MAX_BYTES: String(MAX_BYTES) } });
    admin = await t.login();
    await setPasswords(t, ['demo.installer1']);
    manager = await t.login('demo.installer1', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  /** The audit rows of an action on a document, refusals included (their status says so). */
  const audits = (action: string, targetId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
      .orderBy(auditLog.id);

  it('stores an upload, lists it and serves it back as an attachment with nosniff', async () => {
    const bytes = pdf('installation manual');
    const answer = await upload(
      t,
      admin,
      { title: 'Installation manual', category: 'Manuals', visibleTo: 'all', versionLabel: '2026' },
      { name: 'Manual "final"\r\n.pdf', bytes },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      title: 'Installation manual',
      category: 'Manuals',
      visibleToAll: true,
      roles: [],
      versionCount: 1,
      current: { number: 1, label: '2026', kind: 'PDF', size: bytes.length, createdBy: 'admin' },
    });
    const page = await as(t, manager).get<{ list: DocumentView[] }>('/document/page?q=installation');
    expect(page.data.list.map((d) => d.id)).toEqual([answer.data.id]);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/document/${answer.data.id}/download`,
      headers: bearer(manager),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]+"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const [audit] = await audits('document.upload', answer.data.id);
    expect(audit).toMatchObject({ status: 200, username: 'admin' });
    expect(audit?.detail).toMatchObject({ title: 'Installation manual', visibleToAll: true });
  });

  it('accepts Office, image and text files whose content matches their extension', async () => {
    const files = [
      { name: 'sheet.xlsx', bytes: officeFile('xl/workbook.xml') },
      { name: 'letter.docx', bytes: officeFile('word/document.xml') },
      { name: 'slides.pptx', bytes: officeFile('ppt/presentation.xml') },
      { name: 'logo.png', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
      { name: 'notes.md', bytes: Buffer.from('# Wiring\n\nÜber die Klemmen …\n') },
    ];
    for (const file of files) {
      const answer = await upload(t, admin, { title: file.name, visibleTo: 'all' }, file);
      expect(answer.status, file.name).toBe(200);
    }
  });

  it('refuses every bad upload with its rule and stores nothing', async () => {
    const before = [await countRows(t, 'documents'), await countRows(t, 'document_versions')];
    const fields = { title: 'Bad', visibleTo: 'all' };
    const cases: [string, Record<string, string>, { name: string; bytes: Buffer } | undefined, string][] = [
      [
        'a .pdf that is HTML',
        fields,
        { name: 'x.pdf', bytes: Buffer.from('<html><script>alert(1)</script>') },
        'documents.contentMismatch',
      ],
      [
        'an oversized file',
        fields,
        { name: 'big.pdf', bytes: pdf('x'.repeat(MAX_BYTES)) },
        'documents.fileTooLarge',
      ],
      [
        'a bad extension',
        fields,
        { name: 'page.html', bytes: Buffer.from('<p>hi</p>') },
        'documents.fileType',
      ],
      ['no extension', fields, { name: 'README', bytes: Buffer.from('text') }, 'documents.fileType'],
      [
        'a .docx that is a spreadsheet',
        fields,
        { name: 'x.docx', bytes: officeFile('xl/workbook.xml') },
        'documents.contentMismatch',
      ],
      ['a .txt with NUL', fields, { name: 'x.txt', bytes: Buffer.from('a\0b') }, 'documents.contentMismatch'],
      [
        'a .txt that is not UTF-8',
        fields,
        { name: 'x.txt', bytes: Buffer.from([0xc3, 0x28]) },
        'documents.contentMismatch',
      ],
      [
        'a .png that is a JPEG',
        fields,
        { name: 'x.png', bytes: Buffer.from('ffd8ffe000104a464946', 'hex') },
        'documents.contentMismatch',
      ],
      ['an empty file', fields, { name: 'x.pdf', bytes: Buffer.alloc(0) }, 'documents.emptyFile'],
      ['no file', fields, undefined, 'security.fileRequired'],
      [
        'an unknown role',
        { title: 'Bad', visibleTo: '2,999999' },
        { name: 'x.pdf', bytes: pdf('x') },
        'documents.unknownRole',
      ],
      [
        'a garbled visibility',
        { title: 'Bad', visibleTo: 'admins' },
        { name: 'x.pdf', bytes: pdf('x') },
        'documents.visibilityInvalid',
      ],
      [
        'a blank title',
        { title: '  ', visibleTo: 'all' },
        { name: 'x.pdf', bytes: pdf('x') },
        'rule.required',
      ],
    ];
    for (const [label, f, file, rule] of cases) {
      const answer = await upload(t, admin, f, file);
      expect(answer.status, label).toBe(4000);
      expect(answer.enMsg, label).toBe(rule);
    }
    expect([await countRows(t, 'documents'), await countRows(t, 'document_versions')]).toEqual(before);
    const refused = await as(t, manager).post('/document', {});
    expect(refused.status).toBe(4003);
  });

  it('adds versions: the newest is current, older ones stay downloadable', async () => {
    const first = await upload(
      t,
      admin,
      { title: 'Data sheet', visibleTo: 'all' },
      { name: 'ds-1.pdf', bytes: pdf('one') },
    );
    const id = first.data.id;
    const second = await send(
      t,
      admin,
      `/api/document/${id}/version`,
      { versionLabel: 'rev B', notes: 'new curves' },
      {
        name: 'ds-2.pdf',
        bytes: pdf('two'),
      },
    );
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({
      versionCount: 2,
      current: { number: 2, label: 'rev B', fileName: 'ds-2.pdf' },
    });
    const bad = await send(
      t,
      admin,
      `/api/document/${id}/version`,
      {},
      { name: 'ds-3.pdf', bytes: Buffer.from('<html>') },
    );
    expect(bad.enMsg).toBe('documents.contentMismatch');

    const versions = await as(t, manager).get<DocumentVersionView[]>(`/document/${id}/versions`);
    expect(versions.data.map((v) => [v.number, v.fileName])).toEqual([
      [2, 'ds-2.pdf'],
      [1, 'ds-1.pdf'],
    ]);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/document/${id}/version/${versions.data[1]?.id}/download`,
      headers: bearer(manager),
    });
    expect(old.rawPayload.equals(pdf('one'))).toBe(true);
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/document/${id}/download`,
      headers: bearer(manager),
    });
    expect(current.rawPayload.equals(pdf('two'))).toBe(true);
    expect((await audits('document.version', id)).map((a) => a.status)).toEqual([200, 4000]);
  });

  it('shows a document only to its roles: others get 4004 on detail, versions and downloads', async () => {
    const hidden = await upload(
      t,
      admin,
      { title: 'Developer notes', visibleTo: String(DEVELOPER_ROLE) },
      { name: 'dev.txt', bytes: Buffer.from('internal') },
    );
    expect(hidden.data.roles).toEqual([{ id: DEVELOPER_ROLE, name: 'Developer' }]);
    const id = hidden.data.id;
    const versionId = hidden.data.current.id;
    const client = as(t, manager);
    expect(
      (await client.get<{ list: DocumentView[] }>('/document/page?pageSize=100')).data.list.map((d) => d.id),
    ).not.toContain(id);
    for (const url of [
      `/document/${id}`,
      `/document/${id}/versions`,
      `/document/${id}/download`,
      `/document/${id}/version/${versionId}/download`,
    ])
      expect((await client.get(url)).status, url).toBe(4004);
    expect((await client.get(`/document/${crypto.randomUUID()}/download`)).status).toBe(4004);

    const changed = await as(t, admin).put<DocumentView>(`/document/${id}`, {
      title: 'Developer and manager notes',
      description: '',
      category: 'Internal',
      visibleToAll: false,
      roleIds: [DEVELOPER_ROLE, MANAGER_ROLE],
    });
    expect(changed.status).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/document/${id}/download`,
      headers: bearer(manager),
    });
    expect(seen.body).toBe('internal');
    expect(seen.headers['content-type']).toBe('text/plain; charset=utf-8');
    const [audit] = await audits('document.update', id);
    expect(audit?.detail).toMatchObject({
      visibility: { before: [DEVELOPER_ROLE], after: [DEVELOPER_ROLE, MANAGER_ROLE] },
    });

    const unknown = await as(t, admin).put(`/document/${id}`, {
      title: 'x',
      description: '',
      category: '',
      visibleToAll: false,
      roleIds: [999_999],
    });
    expect(unknown.enMsg).toBe('documents.unknownRole');
    expect((await as(t, admin).get<DocumentView>(`/document/${id}`)).data.roles).toHaveLength(2);
    expect(
      (await client.put(`/document/${id}`, { ...changed.data, roleIds: [], visibleToAll: true })).status,
    ).toBe(4003);
  });

  it('deletes a document with its versions, audited', async () => {
    const doc = await upload(
      t,
      admin,
      { title: 'Old', visibleTo: 'all' },
      { name: 'old.pdf', bytes: pdf('old') },
    );
    expect((await as(t, manager).del(`/document/${doc.data.id}`)).status).toBe(4003);
    const gone = await as(t, admin).del<DocumentView>(`/document/${doc.data.id}`);
    expect(gone.status).toBe(200);
    expect((await as(t, admin).get(`/document/${doc.data.id}/download`)).status).toBe(4004);
    expect((await as(t, admin).del(`/document/${doc.data.id}`)).status).toBe(4004);
    expect((await audits('document.delete', doc.data.id)).map((a) => a.status)).toEqual([4003, 200, 4004]);
  });

  it('offers the roles for the visibility editor to those who manage documents only', async () => {
    const roles = await as(t, admin).get<{ id: number; name: string }[]>('/document/roles');
    expect(roles.data.map((r) => r.id)).toEqual(expect.arrayContaining([1, 2, 3, 5]));
    expect((await as(t, manager).get('/document/roles')).status).toBe(4003);
  });
});
