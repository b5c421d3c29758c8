import { useState, type ReactElement } from 'react';
import { Button, Form, Input, Progress, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT, DocumentLimits, documentKindOfName, type DocumentView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { fileSizeText } from '../../components/fileSize';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { uploadDocument, type DocumentUploadValues } from './api';
import { DocumentsTestId } from './testIds';
import { VisibilityFields } from './VisibilityFields';

interface Values extends DocumentUploadValues {
  file?: UploadFile[];
}

/** Server field errors appear under these fields (`visibleTo` under the roles, `file` under the picker). */
const FIELDS = ['title', 'description', 'category', 'roleIds', 'versionLabel', 'notes', 'file'];

/**
 * Uploads a new document (title, description, category, who may see it) or, with `document`, a new
 * version of it; the file is checked by name and size before sending (the server judges its content) and
 * the upload shows its progress.
 */
export function DocumentUploadModal({
  open,
  document,
  onClose,
}: {
  open: boolean;
  /** Set: a new version of this document. */
  document: DocumentView | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [progress, setProgress] = useState<number | null>(null);
  const close = (): void => {
    setProgress(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const file = values.file?.[0]?.originFileObj;
      if (file === undefined) throw new Error('no file');
      setProgress(0);
      const visibility = { ...values, roleIds: values.roleIds ?? [] };
      return uploadDocument(visibility, file, document?.id ?? null, (f) => setProgress(Math.round(f * 100)));
    },
    onSuccess: () => {
      showSuccessToast(t(document === undefined ? 'documents.uploaded' : 'documents.versionAdded'));
      close();
    },
    onError: (error) => {
      setProgress(null);
      applyFieldErrors(form, error, FIELDS);
    },
  });
  const fileRule = {
    validator: (_: unknown, files: UploadFile[] | undefined) => {
      const file = files?.[0];
      if (file === undefined) return Promise.reject(new Error(t('security.fileRequired')));
      if (documentKindOfName(file.name) === null) return Promise.reject(new Error(t('documents.fileType')));
      if ((file.size ?? 0) === 0) return Promise.reject(new Error(t('documents.emptyFile')));
      // The platform's own limit (DOCUMENT_MAX_BYTES) may be lower: the server says so.
      if ((file.size ?? 0) > DocumentLimits.fileBytesMax)
        return Promise.reject(
          new Error(t('documentsWeb.tooLarge', { size: fileSizeText(DocumentLimits.fileBytesMax) })),
        );
      return Promise.resolve();
    },
  };
  return (
    <FormModal<Values>
      open={open}
      title={
        document === undefined
          ? t('documentsWeb.upload')
          : t('documentsWeb.newVersionOf', { title: document.title })
      }
      form={form}
      save={save}
      onClose={close}
      testId={DocumentsTestId.uploadForm}
      width={600}
    >
      {document === undefined && (
        <>
          <Form.Item
            name="title"
            label={t('documentsWeb.column.title')}
            rules={[{ required: true, whitespace: true, message: t('rule.cannotBeBlank') }]}
          >
            <Input maxLength={DocumentLimits.titleMax} data-testid={DocumentsTestId.title} />
          </Form.Item>
          <Form.Item name="category" label={t('documentsWeb.column.category')}>
            <Input maxLength={DocumentLimits.categoryMax} data-testid={DocumentsTestId.category} />
          </Form.Item>
          <Form.Item name="description" label={t('documentsWeb.description')}>
            <Input.TextArea rows={2} maxLength={DocumentLimits.descriptionMax} />
          </Form.Item>
          <VisibilityFields open={open} />
        </>
      )}
      <Form.Item
        name="versionLabel"
        label={t('documentsWeb.versionLabel')}
        extra={t('documentsWeb.versionLabelHint')}
      >
        <Input maxLength={DocumentLimits.versionLabelMax} />
      </Form.Item>
      <Form.Item name="notes" label={t('documentsWeb.notes')}>
        <Input.TextArea rows={2} maxLength={DocumentLimits.notesMax} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('documentsWeb.file')}
        extra={t('documentsWeb.fileHint')}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        rules={[fileRule]}
      >
        <Upload
          accept={DOCUMENT_ACCEPT}
          beforeUpload={() => false}
          maxCount={1}
          data-testid={DocumentsTestId.file}
        >
          <Button icon={<UploadOutlined />}>{t('documentsWeb.chooseFile')}</Button>
        </Upload>
      </Form.Item>
      {progress !== null && (
        <Progress
          percent={progress}
          status={save.isPending ? 'active' : 'normal'}
          data-testid={DocumentsTestId.progress}
        />
      )}
    </FormModal>
  );
}
