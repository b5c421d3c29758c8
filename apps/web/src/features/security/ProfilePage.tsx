import { useEffect, useState, type ReactElement } from 'react';
import { Avatar, Button, Card, Descriptions, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_LANGUAGE, LANGUAGES, Perm, isLanguageKey, type LanguageKey } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../lib/page';
import { Paths } from '../../lib/paths';
import { RoleBadge } from '../../components/RoleBadge';
import { ImageUpload } from '../../components/ImageUpload';
import { Permitted, usePermitted } from '../../components/Permitted';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { UserDescriptionField } from '../../components/accountFields';
import { orNotSet } from '../../lib/labels';
import { securityApi, useProfile, type Profile } from './api';
import { ChangeContactModal, type ContactKind } from './ChangeContactModal';

interface ProfileValues {
  description?: string;
  language: LanguageKey;
}

function mobileText(profile: Profile): string | null {
  if (profile.mobile === null || profile.mobile === '') return null;
  return `${profile.areaCode ?? ''} ${profile.mobile}`.trim();
}

/** Description and preferred language (used for emails the server sends), saved together. */
function ProfileForm({ profile }: { profile: Profile }): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const canEdit = usePermitted([Perm.profileUpdate]);
  useEffect(() => {
    form.setFieldsValue({
      description: profile.description ?? '',
      language: isLanguageKey(profile.language) ? profile.language : DEFAULT_LANGUAGE,
    });
  }, [profile, form]);
  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      securityApi.updateProfile({
        description: (values.description ?? '').trim(),
        language: values.language,
      }),
    onSuccess: () => showSuccessToast(t('OperationSuccess')),
    onError: (error) => applyFieldErrors(form, error, ['description', 'language']),
  });
  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={(values) => save.mutate(values)}
      className="profile-form"
      data-testid={TestId.profileForm}
    >
      <Form.Item name="language" label={t('security.language')} extra={t('security.languageHint')}>
        <Select<LanguageKey>
          options={LANGUAGES.map((l) => ({ value: l.key, label: l.title }))}
          style={{ maxWidth: 240 }}
        />
      </Form.Item>
      <UserDescriptionField />
      <Permitted codes={[Perm.profileUpdate]}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={TestId.profileSave}>
          {t('common.save')}
        </Button>
      </Permitted>
    </Form>
  );
}

/** Personal data (SPEC §2, avatar click; SPEC §3 fields) and account security: avatar, email, mobile, password. */
export function ProfilePage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const profile = useProfile();
  const [changing, setChanging] = useState<ContactKind>();
  const data = profile.data;

  return (
    <Card className="page-card" data-testid={TestId.profile}>
      <Typography.Title level={4} data-testid={TestId.pageTitle}>
        {t(meta.title)}
      </Typography.Title>
      {profile.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : data === undefined ? (
        <Result
          status="warning"
          title={t('list.loadFailed')}
          extra={<Button onClick={() => void profile.refetch()}>{t('list.retry')}</Button>}
        />
      ) : (
        <>
          <div className="profile-head">
            <Avatar
              size={64}
              src={data.avatarUrl ?? undefined}
              icon={data.avatarUrl === null ? <UserOutlined /> : undefined}
            />
            <Space orientation="vertical" size={4}>
              <Typography.Text strong data-testid={TestId.profileUsername}>
                {data.username}
              </Typography.Text>
              <RoleBadge roleType={data.roleType} nameKey={data.roleNameKey ?? ''} name={data.roleName} />
            </Space>
            <Permitted codes={[Perm.profileUpdate]}>
              <ImageUpload
                upload={securityApi.uploadAvatar}
                label={t('security.uploadAvatar')}
                onUploaded={(result) => void securityApi.avatarUploaded(result.avatarUrl)}
                testId={TestId.avatarUpload}
              />
            </Permitted>
          </div>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('profile.username')}>{data.username}</Descriptions.Item>
            <Descriptions.Item label={t('profile.email')}>
              <Space wrap>
                <span data-testid={TestId.profileEmail}>{orNotSet(t, data.email)}</span>
                <Permitted codes={[Perm.profileUpdate]}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setChanging('email')}
                    data-testid={TestId.changeEmail}
                  >
                    {t('security.change')}
                  </Button>
                </Permitted>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.mobile')}>
              <Space wrap>
                <span data-testid={TestId.profileMobile}>{orNotSet(t, mobileText(data))}</span>
                <Permitted codes={[Perm.profileUpdate]}>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setChanging('mobile')}
                    data-testid={TestId.changeMobile}
                  >
                    {t('security.change')}
                  </Button>
                </Permitted>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.company')}>{data.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('security.password')}>
              <Link to={Paths.updatePassword} data-testid={TestId.changePasswordLink}>
                <LockOutlined /> {t('route.updatePassword')}
              </Link>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className="section-title">
            {t('security.personalSettings')}
          </Typography.Title>
          <ProfileForm profile={data} />
          <ChangeContactModal kind={changing} onClose={() => setChanging(undefined)} />
        </>
      )}
    </Card>
  );
}
