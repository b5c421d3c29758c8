// The pieces every single-file upload form shares (firmware, documents, app releases): the picker that keeps
// the one chosen file in the form, its check by name, emptiness and size before sending (the server judges the
// content), and the progress bar of the request.
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Form, Progress, Upload, type FormRule, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { fileSizeText } from './fileSize';

/** What a form accepts: the key refusing a file's name (null: fine), an empty file and one above `maxBytes`. */
export interface FileCheck {
  nameError: (name: string) => string | null;
  emptyKey: string;
  maxBytes: number;
  /** Translated with `{ size }`, the limit as text. */
  tooLargeKey: string;
}

/** The rule of the picker: a file is required, then its name, emptiness and size in that order. */
export function singleFileRule(t: TFunction, check: FileCheck): FormRule {
  return {
    validator: (_: unknown, files: UploadFile[] | undefined) => {
      const file = files?.[0];
      if (file === undefined) return Promise.reject(new Error(t('security.fileRequired')));
      const nameError = check.nameError(file.name);
      if (nameError !== null) return Promise.reject(new Error(t(nameError)));
      if ((file.size ?? 0) === 0) return Promise.reject(new Error(t(check.emptyKey)));
      if ((file.size ?? 0) > check.maxBytes)
        return Promise.reject(new Error(t(check.tooLargeKey, { size: fileSizeText(check.maxBytes) })));
      return Promise.resolve();
    },
  };
}

/** The form item `file`: one file, kept in the form (nothing is sent until the form is saved). */
export function SingleFileItem({
  label,
  extra,
  accept,
  rule,
  testId,
  buttonText,
}: {
  label: ReactNode;
  extra?: ReactNode;
  accept: string;
  rule: FormRule;
  testId: string;
  buttonText: ReactNode;
}): ReactElement {
  return (
    <Form.Item
      name="file"
      label={label}
      extra={extra}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
      rules={[rule]}
    >
      <Upload accept={accept} beforeUpload={() => false} maxCount={1} data-testid={testId}>
        <Button icon={<UploadOutlined />}>{buttonText}</Button>
      </Upload>
    </Form.Item>
  );
}

/** The bar's percent (null: hidden); `start` as the request starts, `onProgress` its callback, `reset` hides. */
export function useUploadProgress(): {
  progress: number | null;
  start: () => void;
  onProgress: (fraction: number) => void;
  reset: () => void;
} {
  const [progress, setProgress] = useState<number | null>(null);
  return {
    progress,
    start: () => setProgress(0),
    onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
    reset: () => setProgress(null),
  };
}

/** The bar, while an upload runs or after it ended; nothing before. */
export function UploadProgress({
  progress,
  active,
  testId,
}: {
  progress: number | null;
  active: boolean;
  testId: string;
}): ReactElement | null {
  if (progress === null) return null;
  return <Progress percent={progress} status={active ? 'active' : 'normal'} data-testid={testId} />;
}
