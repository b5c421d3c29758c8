import type { ReactElement } from 'react';
import { Avatar, Card, Descriptions, Result, Skeleton, Space, Typography, type TableColumnsType } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { DataTable } from '../../components/DataTable';
import { ImageUpload } from '../../components/ImageUpload';
import { Permitted } from '../../components/Permitted';
import { usePaging } from '../../lib/paging';
import { TestId } from '../../testids';
import { setCachedInfo, useInfo } from '../../lib/sessionData';
import {
  companyApi,
  invalidateOrganisation,
  useCompanies,
  useCompany,
  type Company,
  type CompanyType,
} from './api';
import { COMPANY_TYPE_LABEL, orNotSet } from '../../lib/labels';

/**
 * The company page (SPEC §2, opened by the logo as /company?type=second): the caller's own company, its
 * logo, and the companies directly under it.
 */
export function CompanyPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const info = useInfo(false).data;
  const companyId = info?.companyId;
  const company = useCompany(companyId);
  const paging = usePaging(10);
  const children = useCompanies({ parentId: companyId }, paging.page);

  const onLogo = (result: { logoUrl: string }): void => {
    // The shell's top-bar logo is the user's own company logo.
    setCachedInfo((current) => ({ ...current, brandUrl: { thumbPath: result.logoUrl } }));
    void invalidateOrganisation();
  };

  const columns: TableColumnsType<Company> = [
    { title: t('org.company.name'), dataIndex: 'name' },
    { title: t('org.company.type'), dataIndex: 'type', render: (v: CompanyType) => t(COMPANY_TYPE_LABEL[v]) },
    { title: t('org.company.phone'), dataIndex: 'phone', render: (v: string | null) => orNotSet(t, v) },
    { title: t('org.company.users'), dataIndex: 'userCount' },
    { title: t('org.company.children'), dataIndex: 'childCount' },
  ];

  const data = company.data;
  return (
    <Card className="page-card" data-testid={TestId.companyPage}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      {company.isPending && companyId !== undefined ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data === undefined ? (
        <Result status="warning" title={t('list.loadFailed')} />
      ) : (
        <>
          <Space className="company-head" align="center" size="middle">
            <Avatar
              shape="square"
              size={64}
              src={data.logoUrl ?? undefined}
              icon={data.logoUrl === null ? <BankOutlined /> : undefined}
              alt={t('org.company.logo')}
            />
            <Typography.Title level={5} style={{ margin: 0 }} data-testid={TestId.companyOwnName}>
              {data.name}
            </Typography.Title>
            <Permitted codes={[Perm.companyUpdate]}>
              <ImageUpload
                upload={(file) => companyApi.uploadLogo(data.id, file)}
                label={t('org.company.uploadLogo')}
                onUploaded={onLogo}
                testId={TestId.companyLogoUpload}
              />
            </Permitted>
          </Space>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" className="company-details">
            <Descriptions.Item label={t('org.company.type')}>
              {t(COMPANY_TYPE_LABEL[data.type])}
            </Descriptions.Item>
            <Descriptions.Item label={t('org.company.parent')}>
              {orNotSet(t, data.parentName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('org.company.phone')}>{orNotSet(t, data.phone)}</Descriptions.Item>
            <Descriptions.Item label={t('org.company.address')}>
              {orNotSet(t, data.address)}
            </Descriptions.Item>
            <Descriptions.Item label={t('org.company.authorizationCode')}>
              {orNotSet(t, data.authorizationCode)}
            </Descriptions.Item>
            <Descriptions.Item label={t('org.company.users')}>{data.userCount}</Descriptions.Item>
            <Descriptions.Item label={t('org.company.description')} span={2}>
              {orNotSet(t, data.description)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className="section-title">
            {t('org.company.subCompanies')}
          </Typography.Title>
          <DataTable<Company>
            query={children}
            columns={columns}
            rowKey="id"
            paging={paging}
            testId={TestId.subCompanyTable}
          />
        </>
      )}
    </Card>
  );
}
