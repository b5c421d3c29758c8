import { useState, type ReactElement } from 'react';
import { Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  Limits,
  RemoteLimits,
  RuleMessage,
  validateHexInput,
  type RegisterReadAnswer,
  type RegisterWriteAnswer,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../lib/toast';
import { invalidateCommands, useFollowedCommands } from '../commands/api';
import { isOpenState } from '../commands/commandStates';
import { remoteApi, targetRef, type RemoteTarget } from './api';
import { OutcomeNotice } from './OutcomeNotice';
import { normalizeHexData, parseHexAddress, spacedHex, validateRawHexData } from './registerValues';
import { RemoteTestId } from './testIds';

/**
 * The back office's raw register box: an address as `0x…` hex (at most 4 digits) and a register count;
 * Read shows the words; Write sends hex data of four hex digits per register (SPEC §5). Anything the
 * definition does not mark writable is refused by the server ("not writable").
 */
export function RawRegisterBox({
  target,
  canWrite,
}: {
  target: RemoteTarget;
  canWrite: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const [addressText, setAddressText] = useState('');
  const [count, setCount] = useState<number>(1);
  const [data, setData] = useState('');
  const [touched, setTouched] = useState({ address: false, data: false });

  const address = parseHexAddress(addressText);
  const addressProblem =
    addressText.trim() === '' ? RuleMessage.valueRequired : (validateHexInput(addressText.trim()) ?? null);
  const dataProblem = validateRawHexData(data, count);

  const read = useMutation({
    mutationFn: (): Promise<RegisterReadAnswer> =>
      remoteApi.read({ ...targetRef(target), address: address ?? 0, count }),
    onSuccess: (answer) => answer.state === 'DONE' && showSuccessToast(t('ReadSuccessfully')),
    onSettled: () => void invalidateCommands(),
  });
  const write = useMutation({
    mutationFn: (): Promise<RegisterWriteAnswer> =>
      remoteApi.write({
        ...targetRef(target),
        writes: [{ address: address ?? 0, value: normalizeHexData(data) }],
      }),
    onSettled: () => void invalidateCommands(),
  });
  const busy = read.isPending || write.isPending;
  const last: RegisterReadAnswer | RegisterWriteAnswer | undefined =
    (write.submittedAt > read.submittedAt ? write.data : read.data) ?? undefined;
  const late = last !== undefined && isOpenState(last.state);
  const followed = useFollowedCommands(late ? last.commands : undefined);
  // The words of a read the device answered after the wait come with its command's result.
  const lateHex = [...followed.views.values()]
    .map((v) => v.result?.hex)
    .find((hex): hex is string => typeof hex === 'string');
  const hex = last === undefined || !('hex' in last) ? null : late ? (lateHex ?? null) : last.hex;

  return (
    <Card
      size="small"
      title={t('remoteSettings.raw.title')}
      style={{ marginTop: 16 }}
      data-testid={RemoteTestId.rawBox}
    >
      <Form layout="inline">
        <Form.Item
          label={t('remoteSettings.raw.address')}
          validateStatus={touched.address && addressProblem !== null ? 'error' : undefined}
          help={touched.address && addressProblem !== null ? t(addressProblem) : undefined}
        >
          <Input
            value={addressText}
            placeholder="0x9C40"
            maxLength={2 + Limits.hexInputMaxDigits}
            style={{ width: 110 }}
            onChange={(e) => {
              setAddressText(e.target.value);
              setTouched((s) => ({ ...s, address: true }));
            }}
            data-testid={RemoteTestId.rawAddress}
          />
        </Form.Item>
        <Form.Item label={t('remoteSettings.raw.count')}>
          <InputNumber<number>
            min={1}
            max={RemoteLimits.readCountMax}
            precision={0}
            value={count}
            onChange={(v) => setCount(v ?? 1)}
            data-testid={RemoteTestId.rawCount}
          />
        </Form.Item>
        <Form.Item>
          <Button
            loading={read.isPending}
            disabled={address === null || busy}
            onClick={() => !busy && read.mutate()}
            data-testid={RemoteTestId.rawRead}
          >
            {t('remoteSettings.registers.read')}
          </Button>
        </Form.Item>
      </Form>
      {canWrite && (
        <Form layout="inline" style={{ marginTop: 8 }}>
          <Form.Item
            label={t('remoteSettings.raw.data')}
            validateStatus={touched.data && dataProblem !== null ? 'error' : undefined}
            help={touched.data && dataProblem !== null ? t(dataProblem) : undefined}
          >
            <Input
              value={data}
              placeholder={`0x${'0000'.repeat(Math.min(count, 4))}`}
              maxLength={2 + 4 * RemoteLimits.writeCountMax}
              style={{ width: 280 }}
              onChange={(e) => {
                setData(e.target.value);
                setTouched((s) => ({ ...s, data: true }));
              }}
              data-testid={RemoteTestId.rawData}
            />
          </Form.Item>
          <Form.Item>
            <Button
              danger
              loading={write.isPending}
              disabled={address === null || dataProblem !== null || busy}
              onClick={() => !busy && write.mutate()}
              data-testid={RemoteTestId.rawWrite}
            >
              {t('remoteSettings.raw.write')}
            </Button>
          </Form.Item>
        </Form>
      )}
      {last !== undefined && (
        <Space
          orientation="vertical"
          style={{ marginTop: 8, width: '100%' }}
          data-testid={RemoteTestId.rawResult}
        >
          <OutcomeNotice outcome={late ? followed : last} doneText={t('remoteSettings.raw.done')} />
          {hex !== null && (
            <Typography.Text code copyable={{ text: hex }}>
              {spacedHex(hex)}
            </Typography.Text>
          )}
          {'applied' in last && last.applied === false && (
            <Typography.Text type="danger">{t('remoteSettings.raw.notApplied')}</Typography.Text>
          )}
        </Space>
      )}
    </Card>
  );
}
