import { useState, type ReactElement } from 'react';
import { Avatar, Button, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { BankOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataTable } from '../../components/DataTable';
import { ImageUpload } from '../../components/ImageUpload';
import { Permitted } from '../../components/Permitted';
import { CreateButton, ListPageCard } from '../../components/ListPage';
import { usePaging } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { companyApi, invalidateOrganisation, useCompanies, type Company, type CompanyType } from './api';
import { CompanyFormModal } from './CompanyFormModal';
import { COMPANY_TYPE_LABEL, orNotSet } from './labels';

const TYPE_FILTERS: readonly CompanyType[] = ['PLATFORM', 'DISTRIBUTOR', 'INSTALLER'];

type Editing = { mode: 'create' } | { mode: 'edit'; company: Company } | undefined;

/** Company (manufacturer) management: every company in the caller's subtree, searchable and paged. */
export function CompanyManagePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<CompanyType | undefined>();
  const [editing, setEditing] = useState<Editing>();
  const companies = useCompanies({ keyword, type }, paging.page);

  const remove = async (company: Company): Promise<void> => {
    await companyApi.remove(company.id);
    showSuccessToast(t('OperationSuccess'));
    await invalidateOrganisation();
  };

  const columns: TableColumnsType<Company> = [
    {
      title: t('org.company.name'),
      key: 'name',
      render: (_, c) => (
        <Space>
          <Avatar
            shape="square"
            size="small"
            src={c.logoUrl ?? undefined}
            icon={c.logoUrl === null ? <BankOutlined /> : undefined}
          />
          <span data-testid={TestId.companyRowName}>{c.name}</span>
          {c.simulated && <Tag>{t('org.company.simulated')}</Tag>}
        </Space>
      ),
    },
    { title: t('org.company.type'), dataIndex: 'type', render: (v: CompanyType) => t(COMPANY_TYPE_LABEL[v]) },
    { title: t('org.company.parent'), dataIndex: 'parentName', render: (v: string | null) => orNotSet(t, v) },
    { title: t('org.company.phone'), dataIndex: 'phone', render: (v: string | null) => orNotSet(t, v) },
    { title: t('org.company.address'), dataIndex: 'address', render: (v: string | null) => orNotSet(t, v) },
    {
      title: t('org.company.authorizationCode'),
      dataIndex: 'authorizationCode',
      render: (v: string | null) => orNotSet(t, v),
    },
    { title: t('org.company.users'), dataIndex: 'userCount' },
    { title: t('org.company.children'), dataIndex: 'childCount' },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatLocalDateTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, c) => (
        <Space size={0} wrap>
          <Permitted codes={[Perm.companyUpdate]}>
            {c.type !== 'PLATFORM' && (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing({ mode: 'edit', company: c })}
                data-testid={TestId.companyEdit}
              >
                {t('common.edit')}
              </Button>
            )}
            <ImageUpload<{ logoUrl: string }>
              url={companyApi.logoPath(c.id)}
              label={t('org.company.logo')}
              onUploaded={() => void invalidateOrganisation()}
              testId={TestId.companyLogoUpload}
            />
          </Permitted>
          {c.type !== 'PLATFORM' && (
            <Permitted codes={[Perm.companyDelete]}>
              <ConfirmButton
                icon={<DeleteOutlined />}
                onConfirm={() => remove(c)}
                testId={TestId.companyDelete}
              >
                {t('common.delete')}
              </ConfirmButton>
            </Permitted>
          )}
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t('org.company.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 260 }}
        data-testid={TestId.listKeyword}
      />
      <Select<CompanyType>
        allowClear
        placeholder={t('org.company.type')}
        value={type}
        onChange={(value) => {
          setType(value);
          paging.reset();
        }}
        options={TYPE_FILTERS.map((v) => ({ value: v, label: t(COMPANY_TYPE_LABEL[v]) }))}
        style={{ width: 160 }}
      />
      <div className="list-toolbar-spacer" />
      <CreateButton
        perm={Perm.companyCreate}
        label={t('org.company.create')}
        onClick={() => setEditing({ mode: 'create' })}
      />
    </>
  );

  return (
    <ListPageCard testId={TestId.companyManage} title={t(meta.title)}>
      <DataTable<Company>
        query={companies}
        columns={columns}
        rowKey="id"
        paging={paging}
        testId={TestId.companyTable}
        toolbar={toolbar}
      />
      <CompanyFormModal
        open={editing !== undefined}
        company={editing?.mode === 'edit' ? editing.company : undefined}
        onClose={() => setEditing(undefined)}
      />
    </ListPageCard>
  );
}
