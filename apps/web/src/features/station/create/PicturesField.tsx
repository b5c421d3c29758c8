import type { ReactElement } from 'react';
import { Button, Image, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { StationLimits, acceptAttribute } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, imageProblem } from '../../../components/ImageUpload';
import { showErrorToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import { stationApi, type StationPicture } from '../api';
import { canAddPicture } from './stationForm';

/**
 * The station's pictures as a form field: png/jpg/jpeg only (checked here to save a round trip; the server
 * judges the content), at most six, each uploaded at once (POST /api/station/photo) and kept by its file id.
 */
export function PicturesField({
  value = [],
  onChange,
}: {
  value?: StationPicture[];
  onChange?: (next: StationPicture[]) => void;
}): ReactElement {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: (file: File) => stationApi.uploadPhoto(file),
    onSuccess: (picture) => onChange?.([...value, picture].slice(0, StationLimits.picturesMax)),
  });
  return (
    <div className="station-pictures" data-testid={TestId.stationFormPictures}>
      {value.map((picture) => (
        <div key={picture.fileId} className="station-picture">
          <Image src={picture.url} width={96} height={96} style={{ objectFit: 'cover' }} alt="" />
          <Button
            size="small"
            danger
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('stationForm.removePicture')}
            onClick={() => onChange?.(value.filter((p) => p.fileId !== picture.fileId))}
          />
        </div>
      ))}
      {canAddPicture(value.length) && (
        <Upload
          accept={acceptAttribute('image')}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            const problem = imageProblem(file);
            if (problem !== null) showErrorToast(t(problem, { max: IMAGE_MAX_BYTES / 1024 / 1024 }));
            else upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<PlusOutlined />} loading={upload.isPending} className="station-picture-add">
            {t('stationForm.addPicture', { count: value.length, max: StationLimits.picturesMax })}
          </Button>
        </Upload>
      )}
    </div>
  );
}
