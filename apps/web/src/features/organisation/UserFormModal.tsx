import { useEffect, type ReactElement } from 'react';
import { Form, Input, Select, Space } from 'antd';
import {
  EMAIL_MAX_LENGTH,
  Limits,
  validateNewPassword,
  validateOptionalEmail,
  validateOptionalMobile,
  validatePasswordConfirmation,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { DEFAULT_AREA_CODE } from '../../lib/areaCodes';
import { AreaCodeSelect, UserDescriptionField } from '../../components/accountFields';
import { fromRule, usernameRule } from '../../lib/formRules';
import { useInfo } from '../../lib/sessionData';
import { invalidateOrganisation, useRoleOptions, userApi, type User } from './api';
import { CompanyTreeSelect } from '../../components/CompanyTreeSelect';
import { roleLabel } from '../../lib/labels';

const FIELDS = [
  'username',
  'password',
  'email',
  'areaCode',
  'mobile',
  'roleId',
  'companyId',
  'description',
] as const;
const MOBILE_MAX = 11;

interface UserValues {
  username: string;
  password: string;
  confirmPassword: string;
  email?: string;
  areaCode: string;
  mobile?: string;
  roleId?: number;
  companyId?: number;
  description?: string;
}

const text = (value: string | undefined): string => value?.trim() ?? '';

/**
 * The editable contact and placement fields. On edit an emptied field is sent as '' (clear it); on create
 * empty fields are left out. A mobile number without digits sends no area code either.
 */
export function userBody(
  values: UserValues,
  editing: boolean,
): {
  email?: string;
  areaCode?: string;
  mobile?: string;
  roleId: number;
  companyId: number;
  description?: string;
} {
  const keep = (value: string): string | undefined => (value === '' && !editing ? undefined : value);
  const mobile = text(values.mobile);
  return {
    email: keep(text(values.email)),
    mobile: keep(mobile),
    // No number, no dialling code: an emptied mobile clears both.
    areaCode: mobile === '' ? undefined : values.areaCode,
    roleId: values.roleId ?? 0,
    companyId: values.companyId ?? 0,
    description: keep(text(values.description)),
  };
}

const userValues = (user: User): Partial<UserValues> => ({
  username: user.username,
  email: user.email ?? undefined,
  areaCode: user.areaCode ?? DEFAULT_AREA_CODE,
  mobile: user.mobile ?? undefined,
  roleId: user.roleId,
  companyId: user.companyId,
  description: user.description ?? undefined,
});

export interface UserFormModalProps {
  open: boolean;
  user?: User;
  onClose: () => void;
}

/** Create or edit an account: role from the roles the caller may hand out, company from their tree. */
export function UserFormModal({ open, user, onClose }: UserFormModalProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserValues>();
  const companyId = Form.useWatch('companyId', form);
  // Private roles belong to their company: the choice depends on the company the account is in.
  const roles = useRoleOptions(companyId, open);
  const editing = user !== undefined;
  // Your own role and company are not yours to change (the server answers CannotChangeOwnRoleOrCompany).
  const me = useInfo(false).data?.userId;
  const self = user !== undefined && user.id === me;

  useEffect(() => {
    if (self || roles.data === undefined || roles.isPlaceholderData) return;
    const roleId = form.getFieldValue('roleId') as number | undefined;
    if (roleId !== undefined && !roles.data.some((r) => r.id === roleId))
      form.setFieldValue('roleId', undefined);
  }, [self, roles.data, roles.isPlaceholderData, form]);

  useFormFill(form, open, user, userValues);
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: UserValues) =>
      user === undefined
        ? userApi.create({
            username: values.username.trim(),
            password: values.password,
            ...userBody(values, false),
          })
        : userApi.update({ id: user.id, ...userBody(values, true) }),
    invalidate: invalidateOrganisation,
    onClose,
  });

  const selectRequired = [{ required: true, message: t('rule.cannotBeBlank') }];
  const mobileRule = fromRule(
    (number) =>
      validateOptionalMobile({ areaCode: form.getFieldValue('areaCode') as string | undefined, number }),
    t,
  );
  const confirmRule = fromRule(
    (value) => validatePasswordConfirmation(form.getFieldValue('password') as string | undefined, value),
    t,
  );

  return (
    <FormModal<UserValues>
      open={open}
      title={editing ? t('org.user.edit') : t('org.user.create')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.userForm}
      initialValues={{ areaCode: DEFAULT_AREA_CODE }}
    >
      <Form.Item
        name="username"
        label={t('org.user.username')}
        rules={editing ? [] : [usernameRule(t, 'UsernameInvalid')]}
        required
      >
        <Input
          autoComplete="off"
          maxLength={Limits.usernameMax}
          disabled={editing}
          data-testid={TestId.userUsername}
        />
      </Form.Item>
      {!editing && (
        <>
          <Form.Item
            name="password"
            label={t('org.user.password')}
            rules={[fromRule(validateNewPassword, t)]}
            extra={t('account.passwordHint', { min: Limits.passwordMin, max: Limits.passwordMax })}
            required
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={Limits.passwordMax}
              data-testid={TestId.userPassword}
            />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('account.confirmPassword')}
            dependencies={['password']}
            rules={[confirmRule]}
            required
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={Limits.passwordMax}
              data-testid={TestId.userConfirmPassword}
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="companyId"
        label={t('org.user.company')}
        rules={selectRequired}
        extra={self ? t('CannotChangeOwnRoleOrCompany') : undefined}
      >
        <CompanyTreeSelect testId={TestId.userCompany} disabled={self} />
      </Form.Item>
      <Form.Item name="roleId" label={t('org.user.role')} rules={selectRequired}>
        <Select<number>
          disabled={self}
          loading={roles.isFetching}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid={TestId.userRole}
        />
      </Form.Item>
      <Form.Item name="email" label={t('account.email')} rules={[fromRule(validateOptionalEmail, t)]}>
        <Input type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label={t('account.mobile')}>
        <Space.Compact block>
          <Form.Item name="areaCode" noStyle>
            <AreaCodeSelect />
          </Form.Item>
          <Form.Item name="mobile" noStyle rules={[mobileRule]} dependencies={['areaCode']}>
            <Input style={{ flex: 1 }} inputMode="numeric" autoComplete="off" maxLength={MOBILE_MAX} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <UserDescriptionField />
    </FormModal>
  );
}
