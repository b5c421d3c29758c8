import type { ReactElement } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ImageUploadLimits, acceptAttribute, validateUploadName } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../lib/toast';

/** Upload size limit of avatars and logos; the server checks it (and the content) again. */
export const IMAGE_MAX_BYTES = ImageUploadLimits.maxBytes;

/** Why a picked image is refused before upload (a translation key), or null when it may go. */
export function imageProblem(file: { name: string; size: number }): string | null {
  const wrongType = validateUploadName(file.name, 'image');
  if (wrongType !== null) return wrongType;
  return file.size > IMAGE_MAX_BYTES ? 'upload.tooLarge' : null;
}

export interface ImageUploadProps<T> {
  /** Sends the file (a typed upload call of the feature's api.ts). */
  upload: (file: File) => Promise<T>;
  label: string;
  onUploaded: (result: T) => void;
  testId?: string;
  disabled?: boolean;
}

/**
 * Picks a png/jpg/jpeg (SPEC §5) of at most 2 MB and posts it as multipart `file`. The type check here
 * only saves a round trip: the server judges the content itself and re-encodes the image.
 */
export function ImageUpload<T>({
  upload: send,
  label,
  onUploaded,
  testId,
  disabled,
}: ImageUploadProps<T>): ReactElement {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      showSuccessToast(t('OperationSuccess'));
      onUploaded(result);
    },
  });
  return (
    <Upload
      accept={acceptAttribute('image')}
      showUploadList={false}
      disabled={disabled === true || upload.isPending}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem !== null) showErrorToast(t(problem, { max: IMAGE_MAX_BYTES / 1024 / 1024 }));
        else upload.mutate(file);
        // Never let antd post on its own: the request layer adds the session and handles the envelope.
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}
