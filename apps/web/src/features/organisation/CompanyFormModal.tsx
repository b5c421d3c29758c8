import { useMemo, type ReactElement } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { TestId } from '../../testids';
import { fromRule } from '../../lib/formRules';
import { OrganisationLimits, validateRequired } from '@sunfleet/contracts';
import {
  CREATABLE_COMPANY_TYPES,
  companyApi,
  invalidateOrganisation,
  type Company,
  type CompanyInput,
  type CompanyTreeNode,
} from './api';
import { CompanyTreeSelect, subtreeIds, useCompanyTree } from '../../components/CompanyTreeSelect';
import { COMPANY_TYPE_LABEL } from '../../lib/labels';

const FIELDS = ['type', 'parentId', 'name', 'phone', 'address', 'description', 'authorizationCode'] as const;

interface CompanyValues {
  type: CompanyInput['type'];
  parentId?: number;
  name: string;
  phone?: string;
  address?: string;
  description?: string;
  authorizationCode?: string;
}

/** Empty optional texts are left out of the body rather than sent as ''. */
function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

export function toCompanyInput(values: CompanyValues): CompanyInput {
  return {
    type: values.type,
    parentId: values.parentId ?? 0,
    name: values.name.trim(),
    phone: optional(values.phone),
    address: optional(values.address),
    description: optional(values.description),
    authorizationCode: optional(values.authorizationCode),
  };
}

const companyValues = (company: Company): CompanyValues => ({
  type: company.type === 'PLATFORM' ? 'DISTRIBUTOR' : company.type,
  parentId: company.parentId ?? undefined,
  name: company.name,
  phone: company.phone ?? undefined,
  address: company.address ?? undefined,
  description: company.description ?? undefined,
  authorizationCode: company.authorizationCode ?? undefined,
});

export interface CompanyFormModalProps {
  open: boolean;
  /** The company being edited; absent to create one. */
  company?: Company;
  onClose: () => void;
}

/**
 * Create or edit a distributor or installer. The superior company comes from the caller's own tree, and
 * only companies that can have sub-companies (the platform and distributors) are offered; a company can
 * never move under itself. The server checks all of it again.
 */
export function CompanyFormModal({ open, company, onClose }: CompanyFormModalProps): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyValues>();
  const tree = useCompanyTree(open);
  const editing = company !== undefined;

  useFormFill(form, open, company, companyValues);

  const canBeParent = useMemo(() => {
    const own = company === undefined ? new Set<number>() : subtreeIds(tree.data ?? [], company.id);
    return (node: CompanyTreeNode): boolean => node.type !== 'INSTALLER' && !own.has(node.id);
  }, [tree.data, company]);

  const save = useFormSave({
    form,
    fields: FIELDS,
    mutationFn: (values: CompanyValues) =>
      company === undefined
        ? companyApi.create(toCompanyInput(values))
        : companyApi.update(company.id, toCompanyInput(values)),
    invalidate: invalidateOrganisation,
    onClose,
  });
  const required = [fromRule(validateRequired, t)];

  return (
    <FormModal<CompanyValues>
      open={open}
      title={editing ? t('org.company.edit') : t('org.company.create')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.companyForm}
      initialValues={{ type: 'INSTALLER' }}
    >
      <Form.Item name="type" label={t('org.company.type')} required>
        <Radio.Group optionType="button" buttonStyle="solid">
          {CREATABLE_COMPANY_TYPES.map((type) => (
            <Radio key={type} value={type} data-testid={`company-type-${type}`}>
              {t(COMPANY_TYPE_LABEL[type])}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="parentId"
        label={t('org.company.parent')}
        rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
      >
        <CompanyTreeSelect selectable={canBeParent} testId={TestId.companyParent} />
      </Form.Item>
      <Form.Item name="name" label={t('org.company.name')} rules={required} required>
        <Input maxLength={OrganisationLimits.companyName} data-testid={TestId.companyName} />
      </Form.Item>
      <Form.Item name="phone" label={t('org.company.phone')}>
        <Input maxLength={OrganisationLimits.companyPhone} inputMode="tel" />
      </Form.Item>
      <Form.Item name="address" label={t('org.company.address')}>
        <Input maxLength={OrganisationLimits.companyAddress} />
      </Form.Item>
      <Form.Item
        name="authorizationCode"
        label={t('org.company.authorizationCode')}
        extra={t('org.company.authorizationCodeHint')}
      >
        <Input maxLength={OrganisationLimits.authorizationCode} />
      </Form.Item>
      <Form.Item name="description" label={t('org.company.description')}>
        <Input.TextArea
          maxLength={OrganisationLimits.companyDescription}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
    </FormModal>
  );
}
