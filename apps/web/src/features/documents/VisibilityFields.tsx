import type { ReactElement } from 'react';
import { Form, Radio, Select } from 'antd';
import { DocumentLimits, type DocumentRoleOption } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useDocumentRoles } from './api';
import { DocumentsTestId } from './testIds';

/** A role as the editor lists it: its translated name, and the company that made it if any. */
function roleLabel(role: DocumentRoleOption, t: (key: string) => string): string {
  const name = role.nameKey === '' ? role.name : t(role.nameKey);
  return role.companyName === null ? name : `${name} (${role.companyName})`;
}

/** Who may see a document: everyone, or the roles chosen (at least one). Fields `visibleToAll`, `roleIds`. */
export function VisibilityFields({ open }: { open: boolean }): ReactElement {
  const { t } = useTranslation();
  const roles = useDocumentRoles(open);
  const visibleToAll = Form.useWatch<boolean | undefined>('visibleToAll') ?? true;
  return (
    <>
      <Form.Item name="visibleToAll" label={t('documentsWeb.visibleTo')} initialValue={true}>
        <Radio.Group data-testid={DocumentsTestId.visibility}>
          <Radio value={true}>{t('documentsWeb.everyone')}</Radio>
          <Radio value={false}>{t('documentsWeb.chosenRoles')}</Radio>
        </Radio.Group>
      </Form.Item>
      {!visibleToAll && (
        <Form.Item
          name="roleIds"
          label={t('documentsWeb.roles')}
          rules={[{ required: true, message: t('documents.visibilityInvalid') }]}
        >
          <Select<number[]>
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            maxCount={DocumentLimits.visibleRolesMax}
            loading={roles.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r, t) }))}
            data-testid={DocumentsTestId.roles}
          />
        </Form.Item>
      )}
    </>
  );
}
