import type { ReactElement } from 'react';
import { Avatar, Card, Descriptions, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/router/pages';
import { RoleBadge } from '../../app/shell/RoleBadge';
import { useInfo } from '../auth/api';
import { TestId } from '../../testids';

/**
 * Personal data (SPEC §2, avatar click): what `/api/info` says about the user. Editing it, and the account
 * security actions, arrive with the account step.
 */
export function ProfilePage({ meta }: PageProps): ReactElement | null {
  const { t } = useTranslation();
  const info = useInfo(false).data;
  if (info === undefined) return null;
  const empty = t('common.notSet');
  return (
    <Card className="page-card" data-testid={TestId.profile}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      <div className="profile-head">
        <Avatar
          size={64}
          src={info.avatarUrl.thumbPath ?? undefined}
          icon={info.avatarUrl.thumbPath === null ? <UserOutlined /> : undefined}
        />
        <Typography.Text strong>{info.username}</Typography.Text>
        <RoleBadge roleType={info.roleTypeEnum.key} nameKey={info.roleNameLang.languageKey} />
      </div>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('profile.username')}>{info.username}</Descriptions.Item>
        <Descriptions.Item label={t('profile.email')}>{info.email ?? empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.mobile')}>{info.mobile ?? empty}</Descriptions.Item>
        <Descriptions.Item label={t('profile.company')}>{info.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('profile.role')}>{t(info.roleNameLang.languageKey)}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" className="page-note">
        {t('profile.editingArrivesLater')}
      </Typography.Paragraph>
    </Card>
  );
}
