import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { DocumentLimits, type DocumentView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useFormFill, useFormSave } from '../../components/useFormModal';
import { updateDocument } from './api';
import { DocumentsTestId } from './testIds';
import { VisibilityFields } from './VisibilityFields';

interface Values {
  title: string;
  description: string;
  category: string;
  visibleToAll: boolean;
  roleIds?: number[];
}

const toValues = (d: DocumentView): Values => ({
  title: d.title,
  description: d.description,
  category: d.category,
  visibleToAll: d.visibleToAll,
  roleIds: d.roles.map((r) => r.id),
});

/** A document's details and who may see it (everyone, or chosen roles). */
export function DocumentEditModal({
  document,
  onClose,
}: {
  document: DocumentView | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const open = document !== undefined;
  useFormFill(form, open, document, toValues);
  const save = useFormSave<Values>({
    form,
    fields: ['title', 'description', 'category', 'roleIds'],
    onClose,
    // updateDocument refreshes the lists itself.
    invalidate: () => Promise.resolve(),
    mutationFn: (values) =>
      updateDocument(document?.id ?? '', {
        title: values.title.trim(),
        description: values.description.trim(),
        category: values.category.trim(),
        visibleToAll: values.visibleToAll,
        roleIds: values.visibleToAll ? [] : (values.roleIds ?? []),
      }),
  });
  return (
    <FormModal<Values>
      open={open}
      title={t('documentsWeb.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={DocumentsTestId.editForm}
      width={600}
    >
      <Form.Item
        name="title"
        label={t('documentsWeb.column.title')}
        rules={[{ required: true, whitespace: true, message: t('rule.cannotBeBlank') }]}
      >
        <Input maxLength={DocumentLimits.titleMax} />
      </Form.Item>
      <Form.Item name="category" label={t('documentsWeb.column.category')}>
        <Input maxLength={DocumentLimits.categoryMax} />
      </Form.Item>
      <Form.Item name="description" label={t('documentsWeb.description')}>
        <Input.TextArea rows={2} maxLength={DocumentLimits.descriptionMax} />
      </Form.Item>
      <VisibilityFields open={open} />
    </FormModal>
  );
}
