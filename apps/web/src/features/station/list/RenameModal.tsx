import type { ReactElement } from 'react';
import { Form, Input } from 'antd';
import { StationLimits } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useFormFill, useFormSave } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import { invalidateStations, stationApi, type StationSummary } from '../api';

interface RenameValues {
  name: string;
}

const toValues = (s: StationSummary): RenameValues => ({ name: s.name });

/** Rename a station (PUT /api/station/name). */
export function RenameModal({
  open,
  station,
  onClose,
}: {
  open: boolean;
  station: StationSummary | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<RenameValues>();
  useFormFill(form, open, station, toValues);
  const save = useFormSave<RenameValues>({
    form,
    fields: ['name'],
    mutationFn: (values) => stationApi.rename(station?.id ?? 0, values.name.trim()),
    invalidate: invalidateStations,
    onClose,
  });
  return (
    <FormModal<RenameValues>
      open={open}
      title={t('stationList.renameTitle')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.stationRenameForm}
    >
      <Form.Item
        name="name"
        label={t('stationForm.name')}
        rules={[
          { required: true, whitespace: true, message: t('stationForm.nameRequired') },
          {
            max: StationLimits.nameMax,
            message: t('stationForm.nameTooLong', { max: StationLimits.nameMax }),
          },
        ]}
      >
        <Input maxLength={StationLimits.nameMax} data-testid={TestId.stationFormName} />
      </Form.Item>
    </FormModal>
  );
}
