import type { ReactElement } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { API_KEY_HEADER, type ApiKeyCreated } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../lib/toast';
import { ApiKeyTestId } from './testIds';

/**
 * The only time a key is shown: the key with a copy button, a warning that it cannot be shown again, and
 * how to send it. Closing drops it from the page.
 */
export function KeyShownOnce({
  created,
  onClose,
}: {
  created: ApiKeyCreated | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const copy = async (key: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(key);
      showSuccessToast(t('apiKey.copied'));
    } catch {
      showErrorToast(t('apiKey.copyFailed'));
    }
  };
  return (
    <Modal
      open={created !== null}
      title={t('apiKey.createdTitle', { name: created?.apiKey.name ?? '' })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid={ApiKeyTestId.shownKeyDone}>
          {t('apiKey.savedIt')}
        </Button>
      }
    >
      {created !== null && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('apiKey.shownOnce')} />
          <Space.Compact style={{ width: '100%' }}>
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid={ApiKeyTestId.shownKey}>
              {created.key}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy(created.key)}
              data-testid={ApiKeyTestId.shownKeyCopy}
            >
              {t('apiKey.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {t('apiKey.howToHeader', { header: API_KEY_HEADER })}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
