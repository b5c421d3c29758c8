import { useState, type ReactElement } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { RemoteOutcome } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { isOpenState } from '../commands/commandStates';
import { remoteApi, type RemoteTarget } from './api';
import { OutcomeNotice } from './OutcomeNotice';
import { RemoteTestId } from './testIds';

/**
 * Factory reset of a device (SPEC §5: only in standby): a danger button, then a dialog that needs the
 * device's SN typed exactly. A refusal shows why ("Factory reset requires standby mode").
 */
export function FactoryResetSection({
  device,
  localControl,
}: {
  device: RemoteTarget;
  localControl: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<RemoteOutcome | null>(null);
  const reset = useMutation({
    mutationFn: () => remoteApi.factoryReset({ deviceId: device.id, confirm: typed }),
    onSuccess: (next) => {
      setAnswer(next);
      setOpen(false);
      setTyped('');
    },
    onSettled: () => void invalidateCommands(),
  });
  const late = answer !== null && isOpenState(answer.state);
  const followed = useFollowedCommands(late ? answer.commands : undefined);
  const matches = typed === device.sn;

  return (
    <div data-testid={RemoteTestId.factoryReset}>
      <Alert
        type="warning"
        showIcon
        title={t('remoteSettings.factoryReset.warning')}
        description={t('remoteSettings.factoryReset.standby')}
        style={{ marginBottom: 12 }}
      />
      <Button
        danger
        type="primary"
        icon={<WarningOutlined />}
        disabled={localControl || reset.isPending}
        onClick={() => setOpen(true)}
        data-testid={RemoteTestId.factoryResetOpen}
      >
        {t('remoteSettings.factoryReset.button')}
      </Button>
      {answer !== null && (
        <div style={{ marginTop: 12 }}>
          <OutcomeNotice
            outcome={late ? followed : answer}
            doneText={t('remoteSettings.factoryReset.done')}
          />
        </div>
      )}
      <Modal
        open={open}
        title={t('remoteSettings.factoryReset.title')}
        onCancel={() => !reset.isPending && setOpen(false)}
        okText={t('remoteSettings.factoryReset.button')}
        okButtonProps={{
          danger: true,
          disabled: !matches,
          loading: reset.isPending,
          'data-testid': RemoteTestId.factoryResetSubmit,
        }}
        onOk={() => matches && !reset.isPending && reset.mutate()}
        cancelText={t('remoteSettings.cancel')}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>
            {t('remoteSettings.factoryReset.typeSn')} <Typography.Text code>{device.sn}</Typography.Text>
          </Typography.Paragraph>
          <Input
            value={typed}
            autoComplete="off"
            status={typed !== '' && !matches ? 'error' : undefined}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={() => matches && !reset.isPending && reset.mutate()}
            data-testid={RemoteTestId.factoryResetConfirm}
          />
        </Space>
      </Modal>
    </div>
  );
}
