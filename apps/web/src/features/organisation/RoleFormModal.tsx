import type { ReactElement } from 'react';
import { Alert, Form, Input, Radio, Select, Switch } from 'antd';
import {
  OrganisationLimits,
  ROLE_TYPES,
  WILDCARD_PERMISSION,
  validateRequired,
  type RoleType,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import { useInfo } from '../../lib/sessionData';
import { invalidateOrganisation, roleApi, type Role, type RoleInput, type RoleVisibility } from './api';
import { ROLE_TYPE_LABEL, VISIBILITY_LABEL } from '../../lib/labels';
import { PermissionTreeField } from './PermissionTreeField';

const FIELDS = ['name', 'visibility', 'roleType', 'remark', 'disabled', 'permissions'] as const;
const VISIBILITIES: readonly RoleVisibility[] = ['PRIVATE', 'PUBLIC'];

interface RoleValues {
  name: string;
  visibility: RoleVisibility;
  roleType: RoleType;
  remark?: string;
  disabled: boolean;
  permissions: string[];
}

export function toRoleInput(values: RoleValues): RoleInput {
  const remark = values.remark?.trim();
  return {
    name: values.name.trim(),
    visibility: values.visibility,
    roleType: values.roleType,
    remark: remark === undefined || remark === '' ? undefined : remark,
    disabled: values.disabled,
    permissions: values.permissions,
  };
}

const roleValues = (role: Role): RoleValues => ({
  name: role.name,
  visibility: role.visibility,
  roleType: role.roleType,
  remark: role.remark ?? undefined,
  disabled: role.disabled,
  permissions: role.permissions,
});

/** Role types a caller may give a role: the guest type is the demo visitor's only; administrator needs `*`. */
export function offeredRoleTypes(held: readonly string[]): RoleType[] {
  return ROLE_TYPES.filter(
    (type) => type !== 'GUEST' && (type !== 'ADMINISTRATOR' || held.includes(WILDCARD_PERMISSION)),
  );
}

/** Create or edit a role: name, visibility, type, remark, disabled and its permissions. */
export function RoleFormModal({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role?: Role;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleValues>();
  const held = useInfo(false).data?.perms ?? [];

  useFormFill(form, open, role, roleValues);

  const builtIn = role?.builtIn === true;
  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: RoleValues) => {
      if (role === undefined) return roleApi.create(toRoleInput(values));
      // Built-in roles can only be switched off and on: everything else goes back exactly as it was.
      const body: RoleInput = builtIn
        ? {
            name: role.name,
            visibility: role.visibility,
            roleType: role.roleType,
            remark: role.remark ?? undefined,
            disabled: values.disabled,
            permissions: role.permissions,
          }
        : toRoleInput(values);
      return roleApi.update(role.id, body);
    },
    invalidate: invalidateOrganisation,
    onClose,
  });

  return (
    <FormModal<RoleValues>
      open={open}
      title={role === undefined ? t('org.role.create') : t('org.role.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.roleForm}
      initialValues={{ visibility: 'PRIVATE', roleType: 'MANAGER', disabled: false, permissions: [] }}
      width={640}
      intro={
        builtIn && <Alert type="info" showIcon title={t('org.role.builtInHint')} className="form-hint" />
      }
    >
      <Form.Item name="name" label={t('org.role.name')} rules={[fromRule(validateRequired, t)]} required>
        <Input maxLength={OrganisationLimits.roleName} disabled={builtIn} data-testid={TestId.roleName} />
      </Form.Item>
      <Form.Item name="visibility" label={t('org.role.visibility')} extra={t('org.role.visibilityHint')}>
        <Radio.Group optionType="button" buttonStyle="solid" disabled={builtIn}>
          {VISIBILITIES.map((v) => (
            <Radio key={v} value={v}>
              {t(VISIBILITY_LABEL[v])}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="roleType" label={t('org.role.roleType')}>
        <Select<RoleType>
          options={offeredRoleTypes(held).map((v) => ({ value: v, label: t(ROLE_TYPE_LABEL[v]) }))}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('org.role.remark')}>
        <Input.TextArea
          maxLength={OrganisationLimits.roleRemark}
          disabled={builtIn}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <Form.Item name="disabled" label={t('org.role.disabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="permissions" label={t('org.role.permissions')}>
        <PermissionTreeField enabled={open} readOnly={builtIn} />
      </Form.Item>
    </FormModal>
  );
}
