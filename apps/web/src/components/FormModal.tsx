import type { ReactElement, ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestId } from '../testids';

export interface FormModalProps<V extends object> {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  /** The save: it receives the checked values, and the OK button spins while it is pending. */
  save: { mutate: (values: V) => void; isPending: boolean };
  onClose: () => void;
  /** The form's test id. */
  testId?: string;
  initialValues?: FormProps<V>['initialValues'];
  width?: number;
  /** Shown above the form (an introduction or a hint). */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every create/edit dialog: a vertical form in a modal whose OK button submits it (Save,
 * Cancel), spins while the save runs, and whose content is dropped when it closes.
 */
export function FormModal<V extends object>({
  open,
  title,
  form,
  save,
  onClose,
  testId,
  initialValues,
  width,
  intro,
  children,
}: FormModalProps<V>): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': TestId.formSubmit }}
      width={width}
      destroyOnHidden
    >
      {intro}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save.mutate(values)}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
