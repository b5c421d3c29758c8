import { useState, type ReactElement } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { useFormFill, useFormSave } from '../../../components/useFormModal';
import { TestId } from '../../../testids';
import { CompanyTreeSelect } from '../../../components/CompanyTreeSelect';
import { invalidateStations, stationApi, useOwnerAccounts, type StationSummary } from '../api';

interface AssignValues {
  companyId?: number;
  /** null: no owner account. */
  ownerUserId?: number | null;
}

const NO_OWNER = 0;

const toValues = (s: StationSummary): AssignValues => ({
  companyId: s.companyId,
  ownerUserId: s.ownerUserId ?? NO_OWNER,
});

/** The request body: only what changed, and "no owner" as null (POST /api/station/assign). */
export function assignBody(
  station: Pick<StationSummary, 'id' | 'companyId' | 'ownerUserId'>,
  values: AssignValues,
): { stationIds: number[]; companyId?: number; ownerUserId?: number | null } {
  const body: { stationIds: number[]; companyId?: number; ownerUserId?: number | null } = {
    stationIds: [station.id],
  };
  if (values.companyId !== undefined && values.companyId !== station.companyId)
    body.companyId = values.companyId;
  const owner =
    values.ownerUserId === NO_OWNER || values.ownerUserId === undefined ? null : values.ownerUserId;
  if (owner !== station.ownerUserId) body.ownerUserId = owner;
  return body;
}

/** Distribute a station: to another company in reach and/or to a site-owner account. */
export function AssignModal({
  open,
  station,
  onClose,
}: {
  open: boolean;
  station: StationSummary | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssignValues>();
  useFormFill(form, open, station, toValues);
  const companyId = Form.useWatch('companyId', form);
  const [keyword, setKeyword] = useState('');
  const owners = useOwnerAccounts(companyId, keyword, open);
  const save = useFormSave<AssignValues>({
    form,
    fields: ['companyId', 'ownerUserId'],
    mutationFn: (values) =>
      stationApi.assign(assignBody(station ?? { id: 0, companyId: 0, ownerUserId: null }, values)),
    invalidate: invalidateStations,
    onClose,
  });
  const ownerOptions = [
    { value: NO_OWNER, label: t('stationForm.noOwner') },
    ...(owners.data ?? []).map((u) => ({ value: u.id, label: `${u.username} · ${u.companyName}` })),
  ];
  if (station?.ownerUserId != null && !ownerOptions.some((o) => o.value === station.ownerUserId))
    ownerOptions.push({
      value: station.ownerUserId,
      label: station.ownerUsername ?? String(station.ownerUserId),
    });
  return (
    <FormModal<AssignValues>
      open={open}
      title={t('stationList.assignTitle', { name: station?.name ?? '' })}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.stationAssignForm}
    >
      <Form.Item name="companyId" label={t('stationForm.company')}>
        <CompanyTreeSelect
          onChange={() => form.setFieldValue('ownerUserId', NO_OWNER)}
          placeholder={t('stationForm.company')}
        />
      </Form.Item>
      <Form.Item name="ownerUserId" label={t('stationForm.owner')} extra={t('stationForm.ownerHint')}>
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={owners.isFetching}
          options={ownerOptions}
        />
      </Form.Item>
    </FormModal>
  );
}
