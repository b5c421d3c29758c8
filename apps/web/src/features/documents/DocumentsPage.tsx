import { useState, type ReactElement } from 'react';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { Perm, type DocumentView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { fileSizeText } from '../../components/fileSize';
import { ListDrawer, useDrawerParam } from '../../components/ListDrawer';
import { ListPageCard, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { deleteDocument, downloadDocument, useDocumentPage } from './api';
import { DocumentEditModal } from './DocumentEditModal';
import { DocumentUploadModal } from './DocumentUploadModal';
import { DocumentsTestId } from './testIds';
import { VersionsDrawer } from './VersionsDrawer';

/**
 * Platform documents (`/system/documents`): title, current version, size, type, last change and who may see
 * it; download for everyone who sees the document; upload, new versions, details and visibility, and delete
 * (with confirmation) for the roles holding documents:update. The versions open in a drawer.
 */
export function DocumentsPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<{ q: string }>({ q: '' });
  const documents = useDocumentPage(paging.page, filters.q);
  const uploading = useEditTarget<DocumentView>();
  const [editing, setEditing] = useState<DocumentView>();
  const drawer = useDrawerParam('document');
  const remove = useRemove(
    (d: DocumentView) => deleteDocument(d.id),
    () => Promise.resolve(),
  );

  const columns: TableColumnsType<DocumentView> = [
    {
      title: t('documentsWeb.column.title'),
      key: 'title',
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <span data-testid={DocumentsTestId.rowTitle}>{d.title}</span>
          {d.description !== '' && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
              {d.description}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('documentsWeb.column.category'), dataIndex: 'category', render: (v: string) => v || '-' },
    {
      title: t('documentsWeb.column.version'),
      key: 'version',
      render: (_, d) => (
        <Tooltip title={d.current.fileName}>
          <span>
            {t('documentsWeb.versionNumber', { number: d.current.number })}
            {d.current.label !== '' && ` · ${d.current.label}`}
          </span>
        </Tooltip>
      ),
    },
    { title: t('documentsWeb.column.size'), key: 'size', render: (_, d) => fileSizeText(d.current.size) },
    { title: t('documentsWeb.column.type'), key: 'kind', render: (_, d) => <Tag>{d.current.kind}</Tag> },
    { title: t('documentsWeb.column.updated'), dataIndex: 'updatedAt', render: (v: number) => epochText(v) },
    {
      title: t('documentsWeb.visibleTo'),
      key: 'visibleTo',
      render: (_, d) =>
        d.visibleToAll ? (
          <Tag color="green">{t('documentsWeb.everyone')}</Tag>
        ) : (
          d.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>)
        ),
    },
    actionsColumn<DocumentView>(t, (d) => (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          data-testid={DocumentsTestId.rowDownload}
          onClick={() => void downloadDocument(d.id, d.current.fileName)}
        >
          {t('documentsWeb.download')}
        </Button>
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          data-testid={DocumentsTestId.rowVersions}
          onClick={() => drawer.open(d.id)}
        >
          {t('documentsWeb.versions', { count: d.versionCount })}
        </Button>
        <Permitted codes={[Perm.documentsUpdate]}>
          <Button
            type="link"
            size="small"
            icon={<UploadOutlined />}
            data-testid={DocumentsTestId.rowNewVersion}
            onClick={() => uploading.edit(d)}
          >
            {t('documentsWeb.newVersion')}
          </Button>
          <EditButton onClick={() => setEditing(d)} testId={DocumentsTestId.rowEdit} />
          <DeleteButton onConfirm={() => remove(d)} testId={DocumentsTestId.rowDelete} />
        </Permitted>
      </Space>
    )),
  ];

  return (
    <ListPageCard testId={DocumentsTestId.page} title={t(meta.title)}>
      <ListDrawer
        openId={drawer.openId}
        onClose={() => drawer.open(null)}
        title={t('documentsWeb.versionsTitle')}
        width={560}
        detail={(id) => <VersionsDrawer documentId={id} />}
        list={
          <DataTable<DocumentView>
            query={documents}
            columns={columns}
            rowKey="id"
            paging={paging}
            testId={DocumentsTestId.table}
            toolbar={
              <ListToolbar
                search={{
                  placeholder: t('documentsWeb.searchPlaceholder'),
                  maxLength: 64,
                  onSearch: set('q'),
                }}
                create={{
                  perm: Perm.documentsUpdate,
                  label: t('documentsWeb.upload'),
                  onClick: uploading.create,
                }}
              />
            }
          />
        }
      />
      <DocumentUploadModal open={uploading.open} document={uploading.record} onClose={uploading.close} />
      <DocumentEditModal document={editing} onClose={() => setEditing(undefined)} />
    </ListPageCard>
  );
}
