import type { ReactElement } from 'react';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatewayCredentials } from './api';
import { GatewayTestId } from './testIds';

/**
 * A logger's MQTT credentials right after registration or rotation. The server keeps only a hash of the
 * password, so this is the one time it can be seen: the dialog warns so, offers copying, and closes only
 * through its button. The caller drops the credentials on close, so nothing can open them again.
 */
export function CredentialsModal({
  credentials,
  rotated,
  onClose,
}: {
  credentials: GatewayCredentials | null;
  /** A new secret of a registered logger (the old one stopped working) rather than a new logger. */
  rotated: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      open={credentials !== null}
      title={t(rotated ? 'loggers.secret.rotatedTitle' : 'loggers.secret.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={620}
      footer={
        <Button type="primary" onClick={onClose} data-testid={GatewayTestId.secretClose}>
          {t('loggers.secret.saved')}
        </Button>
      }
    >
      {credentials !== null && (
        <div data-testid={GatewayTestId.secret}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('loggers.secret.once')}
            description={t('loggers.secret.onceHint')}
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('loggers.column.sn')}>
              <span data-testid={GatewayTestId.secretSn}>{credentials.sn}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('loggers.secret.username')}>
              <Typography.Text code copyable={{ text: credentials.username }}>
                {credentials.username}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('loggers.secret.password')}>
              <Typography.Text
                code
                copyable={{ text: credentials.password }}
                data-testid={GatewayTestId.secretPassword}
              >
                {credentials.password}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('loggers.secret.publish')}>
              <Typography.Text code>{credentials.mqtt.publish}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('loggers.secret.subscribe')}>
              <Typography.Text code>{credentials.mqtt.subscribe}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
