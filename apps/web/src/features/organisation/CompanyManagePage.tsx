import type { ReactElement } from 'react';
import { Avatar, Select, Space, Tag, type TableColumnsType } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ImageUpload } from '../../components/ImageUpload';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { DeleteButton, EditButton, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { useListFilters } from '../../lib/paging';
import { formatLocalDateTime } from '../../lib/time';
import { TestId } from '../../testids';
import {
  companyApi,
  invalidateOrganisation,
  useCompanies,
  type Company,
  type CompanyFilters,
  type CompanyType,
} from './api';
import { CompanyFormModal } from './CompanyFormModal';
import { COMPANY_TYPE_LABEL, orNotSet } from '../../lib/labels';

const TYPE_FILTERS: readonly CompanyType[] = ['PLATFORM', 'DISTRIBUTOR', 'INSTALLER'];

/** Company (manufacturer) management: every company in the caller's subtree, searchable and paged. */
export function CompanyManagePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<CompanyFilters>({ keyword: '' });
  const editing = useEditTarget<Company>();
  const companies = useCompanies(filters, paging.page);
  const remove = useRemove((company: Company) => companyApi.remove(company.id), invalidateOrganisation);

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
    actionsColumn<Company>(t, (c) => (
      <Space size={0} wrap>
        <Permitted codes={[Perm.companyUpdate]}>
          {c.type !== 'PLATFORM' && (
            <EditButton onClick={() => editing.edit(c)} testId={TestId.companyEdit} />
          )}
          <ImageUpload
            upload={(file) => companyApi.uploadLogo(c.id, file)}
            label={t('org.company.logo')}
            onUploaded={() => void invalidateOrganisation()}
            testId={TestId.companyLogoUpload}
          />
        </Permitted>
        {c.type !== 'PLATFORM' && (
          <Permitted codes={[Perm.companyDelete]}>
            <DeleteButton onConfirm={() => remove(c)} testId={TestId.companyDelete} />
          </Permitted>
        )}
      </Space>
    )),
  ];

  return (
    <ListPage<Company>
      pageTestId={TestId.companyManage}
      title={t(meta.title)}
      query={companies}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.companyTable}
      toolbar={
        <ListToolbar
          search={{ placeholder: t('org.company.searchPlaceholder'), onSearch: set('keyword') }}
          create={{ perm: Perm.companyCreate, label: t('org.company.create'), onClick: editing.create }}
        >
          <Select<CompanyType>
            allowClear
            placeholder={t('org.company.type')}
            value={filters.type}
            onChange={set('type')}
            options={TYPE_FILTERS.map((v) => ({ value: v, label: t(COMPANY_TYPE_LABEL[v]) }))}
            style={{ width: 160 }}
          />
        </ListToolbar>
      }
    >
      <CompanyFormModal open={editing.open} company={editing.record} onClose={editing.close} />
    </ListPage>
  );
}
