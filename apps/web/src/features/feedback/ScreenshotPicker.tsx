import type { ReactElement } from 'react';
import { Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { acceptAttribute, FeedbackLimits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { screenshotsProblem } from './feedbackForm';
import { FeedbackTestId } from './testIds';

/** The picked files of a screenshot picker, as they go into the form body. */
export function pickedFiles(list: readonly UploadFile[] | undefined): File[] {
  return (list ?? []).flatMap((f) => (f.originFileObj === undefined ? [] : [f.originFileObj]));
}

/** A Form.Item rule: the picked screenshots meet the limits (the server checks them again, by content). */
export function useScreenshotRule(): {
  validator: (_: unknown, list: UploadFile[] | undefined) => Promise<void>;
} {
  const { t } = useTranslation();
  return {
    validator: (_, list) => {
      const problem = screenshotsProblem(pickedFiles(list).map((f) => ({ name: f.name, size: f.size })));
      return problem === null ? Promise.resolve() : Promise.reject(new Error(t(problem)));
    },
  };
}

/**
 * Picks up to FeedbackLimits.screenshotsMax PNG or JPEG screenshots and shows each as a thumbnail (made in
 * the browser; nothing is sent until the form is). Used as a controlled Form.Item child (`fileList`).
 */
export function ScreenshotPicker({
  fileList,
  onChange,
}: {
  fileList?: UploadFile[];
  onChange?: (list: UploadFile[]) => void;
}): ReactElement {
  const { t } = useTranslation();
  const list = fileList ?? [];
  return (
    <Upload
      accept={acceptAttribute('image')}
      listType="picture-card"
      multiple
      fileList={list}
      beforeUpload={() => false}
      onChange={(info) => onChange?.(info.fileList)}
      data-testid={FeedbackTestId.files}
    >
      {list.length < FeedbackLimits.screenshotsMax && (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('feedbackWeb.addScreenshot')}</div>
        </button>
      )}
    </Upload>
  );
}
