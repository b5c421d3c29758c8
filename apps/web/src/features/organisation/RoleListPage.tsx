import type { ReactElement } from 'react';
import { Tag, Space, type TableColumnsType } from 'antd';
import { Perm, type RoleType } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { useListFilters } from '../../lib/paging';
import { TestId } from '../../testids';
import { invalidateOrganisation, roleApi, useRoles, type Role, type RoleVisibility } from './api';
import { ROLE_TYPE_LABEL, VISIBILITY_LABEL, orNotSet, roleLabel } from '../../lib/labels';
import { permissionCountLabel } from './permissionTree';
import { RoleFormModal } from './RoleFormModal';

/** Roles: list, search, create and edit with the permission tree, delete when nobody holds the role. */
export function RoleListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters({ keyword: '' });
  const editing = useEditTarget<Role>();
  const roles = useRoles(filters.keyword, paging.page);
  const remove = useRemove((role: Role) => roleApi.remove(role.id), invalidateOrganisation);

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
      // The column says what the tag says: the role's state, enabled or disabled.
      title: t('org.user.state'),
      dataIndex: 'disabled',
      render: (v: boolean) =>
        v ? (
          <Tag color="red" data-testid={TestId.roleState} data-disabled="true">
            {t('org.user.disabled')}
          </Tag>
        ) : (
          <Tag color="green" data-testid={TestId.roleState} data-disabled="false">
            {t('org.user.enabled')}
          </Tag>
        ),
    },
    {
      title: t('org.role.permissionCount'),
      key: 'permissions',
      render: (_, r) => (
        <span data-testid={TestId.rolePermissionCount}>{permissionCountLabel(r.permissions, t)}</span>
      ),
    },
    { title: t('org.company.users'), dataIndex: 'userCount' },
    actionsColumn<Role>(t, (r) => (
      <Space size={0}>
        <Permitted codes={[Perm.roleUpdate]}>
          <EditButton onClick={() => editing.edit(r)} testId={TestId.roleEdit} />
        </Permitted>
        <Permitted codes={[Perm.roleDelete]}>
          <DeleteButton
            onConfirm={() => remove(r)}
            testId={TestId.roleDelete}
            disabled={r.builtIn || r.userCount > 0}
          />
        </Permitted>
      </Space>
    )),
  ];

  return (
    <ListPage<Role>
      pageTestId={TestId.roleList}
      title={t(meta.title)}
      query={roles}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.roleTable}
      toolbar={
        <ListToolbar
          search={{ placeholder: t('org.role.searchPlaceholder'), onSearch: set('keyword') }}
          create={{ perm: Perm.roleCreate, label: t('org.role.create'), onClick: editing.create }}
        />
      }
    >
      <RoleFormModal open={editing.open} role={editing.record} onClose={editing.close} />
    </ListPage>
  );
}
