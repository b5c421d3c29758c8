import { useEffect, type ReactElement } from 'react';
import { Alert, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import {
  OrganisationLimits,
  ROLE_TYPES,
  WILDCARD_PERMISSION,
  validateRequired,
  type RoleType,
} from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { fromRule } from '../account/formRules';
import { useInfo } from '../auth/api';
import { invalidateOrganisation, roleApi, type Role, type RoleInput, type RoleVisibility } from './api';
import { ROLE_TYPE_LABEL, VISIBILITY_LABEL } from './labels';
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

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role !== undefined) {
      form.setFieldsValue({
        name: role.name,
        visibility: role.visibility,
        roleType: role.roleType,
        remark: role.remark ?? undefined,
        disabled: role.disabled,
        permissions: role.permissions,
      });
    }
  }, [open, role, form]);

  const builtIn = role?.builtIn === true;
  const save = useMutation({
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
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await invalidateOrganisation();
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });

  return (
    <Modal
      open={open}
      title={role === undefined ? t('org.role.create') : t('org.role.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': TestId.formSubmit }}
      width={640}
      destroyOnHidden
    >
      {builtIn && <Alert type="info" showIcon title={t('org.role.builtInHint')} className="form-hint" />}
      <Form<RoleValues>
        form={form}
        layout="vertical"
        initialValues={{ visibility: 'PRIVATE', roleType: 'MANAGER', disabled: false, permissions: [] }}
        onFinish={(values) => save.mutate(values)}
        data-testid={TestId.roleForm}
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
      </Form>
    </Modal>
  );
}
