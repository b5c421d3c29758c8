import { useState, type ReactElement } from 'react';
import { Avatar, Button, Select, Space, Tag, type TableColumnsType } from 'antd';
import { KeyOutlined, StopOutlined, UserOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { EditButton, actionsColumn } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { useListFilters } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { useInfo } from '../../lib/sessionData';
import { invalidateOrganisation, useRoleOptions, useUsers, userApi, type User } from './api';
import { CompanyTreeSelect } from '../../components/CompanyTreeSelect';
import { orNotSet, roleLabel } from '../../lib/labels';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';

type DisabledFilter = 'enabled' | 'disabled';

interface AccountFilters {
  keyword: string;
  companyId?: number;
  roleId?: number;
  state?: DisabledFilter;
}

function mobileOf(user: User): string | null {
  if (user.mobile === null || user.mobile === '') return null;
  return `${user.areaCode ?? ''} ${user.mobile}`.trim();
}

/** Account management: list, search, filter by company, role and state; create, edit, disable, reset. */
export function AccountListPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const me = useInfo(false).data?.userId;
  const { paging, filters, set } = useListFilters<AccountFilters>({ keyword: '' });
  const { keyword, companyId, roleId, state } = filters;
  const editing = useEditTarget<User>();
  const [resetting, setResetting] = useState<User>();
  const roles = useRoleOptions();
  const users = useUsers(
    { keyword, companyId, roleId, disabled: state === undefined ? undefined : state === 'disabled' },
    paging.page,
  );

  const setEnabled = async (user: User, enabled: boolean): Promise<void> => {
    await (enabled ? userApi.enable(user.id) : userApi.disable(user.id));
    showSuccessToast(t('OperationSuccess'));
    await invalidateOrganisation();
  };
  const columns: TableColumnsType<User> = [
    {
      title: t('org.user.username'),
      key: 'username',
      render: (_, u) => (
        <Space>
          <Avatar
            size="small"
            src={u.avatarUrl ?? undefined}
            icon={u.avatarUrl === null ? <UserOutlined /> : undefined}
          />
          <span data-testid={TestId.userRowName}>{u.username}</span>
        </Space>
      ),
    },
    { title: t('org.user.company'), dataIndex: 'companyName' },
    {
      title: t('org.user.role'),
      key: 'role',
      render: (_, u) => roleLabel(t, { name: u.roleName, nameKey: u.roleNameKey }),
    },
    { title: t('account.email'), dataIndex: 'email', render: (v: string | null) => orNotSet(t, v) },
    { title: t('account.mobile'), key: 'mobile', render: (_, u) => orNotSet(t, mobileOf(u)) },
    {
      title: t('org.user.description'),
      dataIndex: 'description',
      render: (v: string | null) => orNotSet(t, v),
    },
    {
      title: t('org.user.state'),
      dataIndex: 'disabled',
      render: (disabled: boolean) =>
        disabled ? (
          <Tag color="red">{t('org.user.disabled')}</Tag>
        ) : (
          <Tag color="green">{t('org.user.enabled')}</Tag>
        ),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatLocalDateTime(v) },
    actionsColumn<User>(t, (u) => (
      <Space size={0} wrap>
        <Permitted codes={[Perm.accountUpdate]}>
          <EditButton onClick={() => editing.edit(u)} testId={TestId.userEdit} />
        </Permitted>
        {/* Nobody resets or disables their own account here (the server refuses it too). */}
        {u.id !== me && (
          <Permitted codes={[Perm.accountResetPassword]}>
            <Button
              type="link"
              size="small"
              icon={<KeyOutlined />}
              onClick={() => setResetting(u)}
              data-testid={TestId.userResetPassword}
            >
              {t('org.user.resetPassword')}
            </Button>
          </Permitted>
        )}
        {u.id !== me && (
          <Permitted codes={[Perm.accountDisable]}>
            {u.disabled ? (
              <ConfirmButton
                title={t('org.user.confirmEnable', { username: u.username })}
                danger={false}
                icon={<CheckCircleOutlined />}
                onConfirm={() => setEnabled(u, true)}
                testId={TestId.userEnable}
              >
                {t('org.user.enable')}
              </ConfirmButton>
            ) : (
              <ConfirmButton
                title={t('org.user.confirmDisable', { username: u.username })}
                icon={<StopOutlined />}
                onConfirm={() => setEnabled(u, false)}
                testId={TestId.userDisable}
              >
                {t('org.user.disable')}
              </ConfirmButton>
            )}
          </Permitted>
        )}
      </Space>
    )),
  ];

  return (
    <ListPage<User>
      pageTestId={TestId.accountList}
      title={t(meta.title)}
      query={users}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.accountTable}
      toolbar={
        <ListToolbar
          search={{ placeholder: t('org.user.searchPlaceholder'), onSearch: set('keyword'), width: 240 }}
          create={{ perm: Perm.accountCreate, label: t('org.user.create'), onClick: editing.create }}
        >
          <CompanyTreeSelect
            allowClear
            placeholder={t('org.user.company')}
            value={companyId}
            onChange={set('companyId')}
            style={{ width: 220 }}
          />
          <Select<number>
            allowClear
            placeholder={t('org.user.role')}
            value={roleId}
            onChange={set('roleId')}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
            style={{ width: 160 }}
          />
          <Select<DisabledFilter>
            allowClear
            placeholder={t('org.user.state')}
            value={state}
            onChange={set('state')}
            options={[
              { value: 'enabled', label: t('org.user.enabled') },
              { value: 'disabled', label: t('org.user.disabled') },
            ]}
            style={{ width: 130 }}
          />
        </ListToolbar>
      }
    >
      <UserFormModal open={editing.open} user={editing.record} onClose={editing.close} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </ListPage>
  );
}
