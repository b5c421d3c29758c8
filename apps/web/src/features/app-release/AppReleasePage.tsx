import type { ReactElement } from 'react';
import { Button, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { AppPlatforms, Perm, type AppPlatform, type AppReleaseView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { fileSizeText } from '../../components/fileSize';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { DeleteButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import type { PageProps } from '../../lib/page';
import { useListFilters } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { deleteAppRelease, downloadPackage, setPublished, useAppReleases } from './api';
import { AppReleaseCreateModal } from './AppReleaseCreateModal';
import { PLATFORM_LABEL } from './platforms';
import { AppReleaseTestId } from './testIds';

/** Where the release comes from: its store link, or its package (downloadable here, published or not). */
function Source({ release }: { release: AppReleaseView }): ReactElement {
  if (release.source === 'STORE' && release.storeUrl !== null)
    return (
      <Typography.Link href={release.storeUrl} target="_blank" rel="noopener noreferrer" ellipsis>
        {release.storeUrl}
      </Typography.Link>
    );
  return (
    <Button
      type="link"
      size="small"
      icon={<DownloadOutlined />}
      onClick={() => void downloadPackage(release)}
    >
      {release.fileName} · {fileSizeText(release.size ?? 0)}
    </Button>
  );
}

/**
 * App release (`/operation/appRelease`): the companion app's releases per platform, highest version first,
 * the current one (newest published) marked — the login page's QR code and store buttons follow it. Roles
 * holding appRelease:create add releases (package upload or store link), publish, withdraw and delete them.
 */
export function AppReleasePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<{ platform?: AppPlatform }>({});
  const releases = useAppReleases(paging.page, filters.platform);
  const creating = useEditTarget<never>();
  const remove = useRemove(
    (r: AppReleaseView) => deleteAppRelease(r.id),
    () => Promise.resolve(),
  );
  const publish = async (r: AppReleaseView, published: boolean): Promise<void> => {
    await setPublished(r.id, published);
    showSuccessToast(t(published ? 'appRelease.published' : 'appRelease.unpublished'));
  };

  const columns: TableColumnsType<AppReleaseView> = [
    {
      title: t('appReleaseWeb.column.platform'),
      dataIndex: 'platform',
      render: (v: AppPlatform) => t(PLATFORM_LABEL[v]),
    },
    {
      title: t('appReleaseWeb.column.version'),
      key: 'version',
      render: (_, r) => (
        <Space>
          <span data-testid={AppReleaseTestId.rowVersion}>{r.version}</span>
          {r.current && (
            <Tag color="green" data-testid={AppReleaseTestId.rowCurrent}>
              {t('appReleaseWeb.current')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('appReleaseWeb.column.state'),
      key: 'state',
      render: (_, r) =>
        r.published ? (
          <Tooltip title={epochText(r.publishedAt)}>
            <Tag color="blue">{t('appReleaseWeb.state.published')}</Tag>
          </Tooltip>
        ) : (
          <Tag>{t('appReleaseWeb.state.draft')}</Tag>
        ),
    },
    { title: t('appReleaseWeb.column.source'), key: 'source', render: (_, r) => <Source release={r} /> },
    {
      title: t('appReleaseWeb.column.notes'),
      dataIndex: 'notes',
      ellipsis: true,
      render: (v: string) => (v === '' ? '-' : v),
    },
    { title: t('appReleaseWeb.column.created'), dataIndex: 'createdAt', render: (v: number) => epochText(v) },
    { title: t('appReleaseWeb.column.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
    actionsColumn<AppReleaseView>(t, (r) => (
      <Permitted codes={[Perm.appReleaseCreate]}>
        <Space size={0}>
          {r.published ? (
            <ConfirmButton
              icon={<StopOutlined />}
              title={t('appReleaseWeb.confirmUnpublish')}
              onConfirm={() => publish(r, false)}
              testId={AppReleaseTestId.rowUnpublish}
            >
              {t('appReleaseWeb.unpublish')}
            </ConfirmButton>
          ) : (
            <ConfirmButton
              icon={<CheckOutlined />}
              title={t('appReleaseWeb.confirmPublish')}
              onConfirm={() => publish(r, true)}
              testId={AppReleaseTestId.rowPublish}
            >
              {t('appReleaseWeb.publish')}
            </ConfirmButton>
          )}
          <DeleteButton onConfirm={() => remove(r)} testId={AppReleaseTestId.rowDelete} />
        </Space>
      </Permitted>
    )),
  ];

  return (
    <ListPageCard testId={AppReleaseTestId.page} title={t(meta.title)}>
      <DataTable<AppReleaseView>
        query={releases}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={AppReleaseTestId.table}
        toolbar={
          <>
            <Select<AppPlatform>
              allowClear
              placeholder={t('appReleaseWeb.column.platform')}
              style={{ width: 160 }}
              value={filters.platform}
              onChange={set('platform')}
              options={AppPlatforms.map((p) => ({ value: p, label: t(PLATFORM_LABEL[p]) }))}
              data-testid={AppReleaseTestId.platformFilter}
            />
            <div className="list-toolbar-spacer" />
            <CreateButton
              perm={Perm.appReleaseCreate}
              label={t('appReleaseWeb.create')}
              onClick={creating.create}
            />
          </>
        }
      />
      <AppReleaseCreateModal open={creating.open} onClose={creating.close} />
    </ListPageCard>
  );
}
