import type { ReactElement } from 'react';
import { Form, Input, type UploadFile } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT, DocumentLimits, documentKindOfName, type DocumentView } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import {
  singleFileRule,
  SingleFileItem,
  UploadProgress,
  useUploadProgress,
} from '../../components/FileUpload';
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
  const upload = useUploadProgress();
  const close = (): void => {
    upload.reset();
    onClose();
  };
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const file = values.file?.[0]?.originFileObj;
      if (file === undefined) throw new Error('no file');
      upload.start();
      const visibility = { ...values, roleIds: values.roleIds ?? [] };
      return uploadDocument(visibility, file, document?.id ?? null, upload.onProgress);
    },
    onSuccess: () => {
      showSuccessToast(t(document === undefined ? 'documents.uploaded' : 'documents.versionAdded'));
      close();
    },
    onError: (error) => {
      upload.reset();
      applyFieldErrors(form, error, FIELDS);
    },
  });
  const fileRule = singleFileRule(t, {
    nameError: (name) => (documentKindOfName(name) === null ? 'documents.fileType' : null),
    emptyKey: 'documents.emptyFile',
    // The platform's own limit (DOCUMENT_MAX_BYTES) may be lower: the server says so.
    maxBytes: DocumentLimits.fileBytesMax,
    tooLargeKey: 'documentsWeb.tooLarge',
  });
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
      <SingleFileItem
        label={t('documentsWeb.file')}
        extra={t('documentsWeb.fileHint')}
        accept={DOCUMENT_ACCEPT}
        rule={fileRule}
        testId={DocumentsTestId.file}
        buttonText={t('documentsWeb.chooseFile')}
      />
      <UploadProgress progress={upload.progress} active={save.isPending} testId={DocumentsTestId.progress} />
    </FormModal>
  );
}
