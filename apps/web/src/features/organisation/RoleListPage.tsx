import { useState, type ReactElement } from 'react';
import { Button, Input, Tag, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm, type RoleType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { Permitted } from '../../components/Permitted';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { usePaging } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { invalidateOrganisation, roleApi, useRoles, type Role, type RoleVisibility } from './api';
import { ROLE_TYPE_LABEL, VISIBILITY_LABEL, orNotSet, roleLabel } from './labels';
import { RoleFormModal } from './RoleFormModal';

type Editing = { mode: 'create' } | { mode: 'edit'; role: Role } | undefined;

/** Roles: list, search, create and edit with the permission tree, delete when nobody holds the role. */
export function RoleListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const roles = useRoles(keyword, paging.page);

  const remove = async (role: Role): Promise<void> => {
    await roleApi.remove(role.id);
    showSuccessToast(t('OperationSuccess'));
    await invalidateOrganisation();
  };

  const columns: TableColumnsType<Role> = [
    {
      title: t('org.role.name'),
      key: 'name',
      render: (_, r) => (
        <Space>
          <span data-testid={TestId.roleRowName}>{roleLabel(t, r)}</span>
          {r.builtIn && <Tag>{t('org.role.builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('org.role.roleType'), dataIndex: 'roleType', render: (v: RoleType) => t(ROLE_TYPE_LABEL[v]) },
    {
      title: t('org.role.visibility'),
      dataIndex: 'visibility',
      render: (v: RoleVisibility) => t(VISIBILITY_LABEL[v]),
    },
    { title: t('org.role.remark'), dataIndex: 'remark', render: (v: string | null) => orNotSet(t, v) },
    {
      title: t('org.role.disabled'),
      dataIndex: 'disabled',
      render: (v: boolean) =>
        v ? (
          <Tag color="red">{t('org.user.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('org.user.enabled')}</Tag>
        ),
    },
    { title: t('org.role.permissionCount'), key: 'permissions', render: (_, r) => r.permissions.length },
    { title: t('org.company.users'), dataIndex: 'userCount' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Permitted codes={[Perm.roleUpdate]}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'edit', role: r })}
              data-testid={TestId.roleEdit}
            >
              {t('common.edit')}
            </Button>
          </Permitted>
          <Permitted codes={[Perm.roleDelete]}>
            <ConfirmButton
              icon={<DeleteOutlined />}
              disabled={r.builtIn || r.userCount > 0}
              onConfirm={() => remove(r)}
              testId={TestId.roleDelete}
            >
              {t('common.delete')}
            </ConfirmButton>
          </Permitted>
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t('org.role.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 260 }}
        data-testid={TestId.listKeyword}
      />
      <div className="list-toolbar-spacer" />
      <CreateButton
        perm={Perm.roleCreate}
        label={t('org.role.create')}
        onClick={() => setEditing({ mode: 'create' })}
      />
    </>
  );

  return (
    <ListPageCard testId={TestId.roleList} title={t(meta.title)}>
      <DataTable<Role>
        query={roles}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.roleTable}
        toolbar={toolbar}
      />
      <RoleFormModal
        open={editing !== undefined}
        role={editing?.mode === 'edit' ? editing.role : undefined}
        onClose={() => setEditing(undefined)}
      />
    </ListPageCard>
  );
}
