import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Result, Row, Select, Spin } from 'antd';
import { GRID_TYPES, StationLimits, StationTypes } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageProps } from '../../../lib/page';
import { ListPageCard } from '../../../components/ListPage';
import { applyFieldErrors } from '../../../lib/formErrors';
import { useCurrencies } from '../../../lib/referenceData';
import { showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import {
  invalidateStations,
  stationApi,
  useOwnerAccounts,
  useStation,
  useStationDefaults,
  useTimeZones,
  type GridType,
  type StationType,
} from '../api';
import { GRID_TYPE_LABEL, STATION_TYPE_LABEL } from '../list/labels';
import { LocationPicker } from '../../../components/map/LocationPicker';
import { PicturesField } from './PicturesField';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import {
  browserTimeZone,
  coordinatesProblem,
  positionOf,
  proposedValues,
  toFormValues,
  toStationBody,
  type ProposedField,
  type StationFormValues,
} from './stationForm';
import './stationForm.css';

const FIELDS = [
  'name',
  'type',
  'address',
  'longitude',
  'latitude',
  'installedAt',
  'gridType',
  'ownerUserId',
  'capacityKwp',
  'price',
  'currency',
  'timeZone',
  'pictures',
] as const;

const LIST_PATH = '/stationSystem';
const PROPOSED_FIELDS: readonly ProposedField[] = ['timeZone', 'currency', 'price'];
/** Typed coordinates settle this long before the proposals for the position are asked for. */
const PROPOSAL_DELAY_MS = 400;

/** Parses `?id=` (edit) — anything but a positive integer means create. */
function editId(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** Create a station (`/createStation`) or edit one (`/createStation?id=…`). */
export function StationFormPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = editId(params.get('id'));
  const station = useStation(id);
  const [form] = Form.useForm<StationFormValues>();
  const currencies = useCurrencies();
  const timeZones = useTimeZones();
  const [ownerKeyword, setOwnerKeyword] = useState('');
  const owners = useOwnerAccounts(station.data?.companyId, ownerKeyword);
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);
  const timeZone = Form.useWatch('timeZone', form);
  // A new station's zone, currency and price are proposed for its position once the typing has settled
  // (a click on the map sets both at once). Editing proposes nothing: the station has its own.
  const position = useDebouncedValue(
    id === undefined ? positionOf(longitude, latitude) : undefined,
    PROPOSAL_DELAY_MS,
  );
  const defaults = useStationDefaults(position);
  const proposal = position === undefined ? undefined : defaults.data;

  // Fields the user has changed (antd's "touched" also counts values set by code, so it cannot tell).
  const userSet = useRef(new Set<ProposedField>());

  // The view stays mounted between visits (kept-alive tab): every switch between create and an id refills.
  useEffect(() => {
    form.resetFields();
    userSet.current.clear();
    if (id === undefined) {
      // Until a position is known: the browser's zone, and no currency or price (nothing to base them on).
      form.setFieldsValue({ timeZone: browserTimeZone(), pictures: [] });
    } else if (station.data !== undefined) {
      form.setFieldsValue(toFormValues(station.data));
    }
  }, [id, station.data, form]);

  // A field the user has set is kept; the others follow the position.
  useEffect(() => {
    if (proposal === undefined) return;
    const values = proposedValues(proposal, (field) => userSet.current.has(field));
    form.setFieldsValue(values);
  }, [proposal, form]);

  const save = useMutation({
    mutationFn: async (values: StationFormValues) => {
      const body = toStationBody(values);
      if (id === undefined) return stationApi.create(body);
      return stationApi.update({ ...body, id, companyId: station.data?.companyId });
    },
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await invalidateStations();
      form.resetFields();
      void navigate(LIST_PATH);
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });

  if (id !== undefined && station.isError)
    return (
      <ListPageCard testId={TestId.stationForm} title={t(meta.title)}>
        <Result status="warning" title={t('TheDataDoesNotExist')} />
      </ListPageCard>
    );

  const ownerOptions = (owners.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.username} · ${u.companyName}`,
  }));
  // The reference list holds the zones an administrator keeps; the zone of the position (or of the
  // station) may be another real IANA zone, which the API accepts.
  const zoneOptions = (timeZones.data ?? []).map((z) => ({ value: z.name, label: z.name }));
  if (typeof timeZone === 'string' && timeZone !== '' && !zoneOptions.some((o) => o.value === timeZone))
    zoneOptions.unshift({ value: timeZone, label: timeZone });
  const priceHint =
    proposal === undefined
      ? undefined
      : proposal.region !== null
        ? t('stationForm.priceFromRegion', { region: proposal.region })
        : t('stationForm.priceUnknown');

  const current = station.data;
  if (current?.ownerUserId != null && !ownerOptions.some((o) => o.value === current.ownerUserId))
    ownerOptions.push({
      value: current.ownerUserId,
      label: current.ownerUsername ?? String(current.ownerUserId),
    });

  return (
    <ListPageCard
      testId={TestId.stationForm}
      title={id === undefined ? t(meta.title) : t('stationForm.editTitle')}
    >
      <Spin spinning={id !== undefined && station.isFetching && station.data === undefined}>
        <div className="station-form-page">
          <Form<StationFormValues>
            form={form}
            layout="vertical"
            onFinish={(values) => save.mutate(values)}
            // Called for the user's own changes only, not for values set by code.
            onValuesChange={(changed: Partial<StationFormValues>) => {
              for (const field of PROPOSED_FIELDS) if (field in changed) userSet.current.add(field);
            }}
          >
            <Row gutter={16}>
              <Col xs={24} lg={12}>
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
                <Form.Item
                  name="type"
                  label={t('stationForm.type')}
                  rules={[{ required: true, message: t('stationForm.required') }]}
                >
                  <Select<StationType>
                    options={StationTypes.map((v) => ({ value: v, label: t(STATION_TYPE_LABEL[v]) }))}
                  />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="capacityKwp"
                      label={t('stationForm.capacity', { unit: 'kWp' })}
                      rules={[
                        { required: true, message: t('stationForm.required') },
                        {
                          type: 'number',
                          min: 0.001,
                          max: StationLimits.capacityKwpMax,
                          message: t('stationForm.capacityRange', { max: StationLimits.capacityKwpMax }),
                        },
                      ]}
                    >
                      <InputNumber
                        style={{ width: '100%' }}
                        min={0}
                        max={StationLimits.capacityKwpMax}

                        data-testid={TestId.stationFormCapacity}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name="gridType" label={t('stationForm.gridType')}>
                      <Select<GridType>
                        allowClear
                        options={GRID_TYPES.map((v) => ({ value: v, label: t(GRID_TYPE_LABEL[v]) }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="price"
                      label={t('stationForm.price')}
                      extra={priceHint}
                      rules={[
                        { required: true, message: t('stationForm.required') },
                        {
                          type: 'number',
                          min: StationLimits.priceMin,
                          max: StationLimits.priceMax,
                          message: t('stationForm.priceRange', { max: StationLimits.priceMax }),
                        },
                      ]}
                    >
                      <InputNumber
                        style={{ width: '100%' }}
                        min={StationLimits.priceMin}
                        max={StationLimits.priceMax}
                        step={0.01}
                        data-testid={TestId.stationFormPrice}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="currency"
                      label={t('stationForm.currency')}
                      rules={[{ required: true, message: t('stationForm.required') }]}
                    >
                      <Select<string>
                        showSearch
                        loading={currencies.isFetching}
                        data-testid={TestId.stationFormCurrency}
                        options={(currencies.data ?? [])
                          .filter((c) => c.code.length <= StationLimits.currencyMax)
                          .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item
                  name="timeZone"
                  label={t('stationForm.timeZone')}
                  extra={
                    proposal?.timeZone != null && proposal.timeZone === timeZone
                      ? t('stationForm.zoneFromPosition')
                      : undefined
                  }
                  rules={[{ required: true, message: t('stationForm.required') }]}
                >
                  <Select<string>
                    showSearch
                    loading={timeZones.isFetching}
                    options={zoneOptions}
                    data-testid={TestId.stationFormTimeZone}
                  />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item name="installedAt" label={t('stationForm.installedAt')}>
                      <DatePicker style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name="ownerUserId"
                      label={t('stationForm.owner')}
                      extra={t('stationForm.ownerHint')}
                    >
                      <Select<number>
                        allowClear
                        showSearch={{ filterOption: false, onSearch: setOwnerKeyword }}
                        loading={owners.isFetching}
                        options={ownerOptions}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item
                  name="pictures"
                  label={t('stationForm.pictures')}
                  extra={t('stationForm.picturesHint', { max: StationLimits.picturesMax })}
                >
                  <PicturesField />
                </Form.Item>
              </Col>
              <Col xs={24} lg={12}>
                <Form.Item
                  name="address"
                  label={t('stationForm.address')}
                  rules={[{ max: StationLimits.addressMax }]}
                >
                  <Input maxLength={StationLimits.addressMax} data-testid={TestId.stationFormAddress} />
                </Form.Item>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item
                      name="longitude"
                      label={t('stationForm.longitude')}
                      dependencies={['latitude']}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: (_, value: unknown) => {
                            const problem = coordinatesProblem(value, getFieldValue('latitude'));
                            return problem === null
                              ? Promise.resolve()
                              : Promise.reject(new Error(t(problem)));
                          },
                        }),
                      ]}
                    >
                      <InputNumber
                        style={{ width: '100%' }}
                        min={StationLimits.longitudeMin}
                        max={StationLimits.longitudeMax}
                        step={0.000001}
                        data-testid={TestId.stationFormLongitude}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="latitude" label={t('stationForm.latitude')} dependencies={['longitude']}>
                      <InputNumber
                        style={{ width: '100%' }}
                        min={StationLimits.latitudeMin}
                        max={StationLimits.latitudeMax}
                        step={0.000001}
                        data-testid={TestId.stationFormLatitude}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <LocationPicker
                  value={{ longitude: longitude ?? undefined, latitude: latitude ?? undefined }}
                  onPick={(point) => {
                    form.setFieldsValue(point);
                    void form.validateFields(['longitude', 'latitude']);
                  }}
                  onAddress={(address) => form.setFieldValue('address', address)}
                />
              </Col>
            </Row>
            <div className="station-form-actions">
              <Button onClick={() => void navigate(LIST_PATH)}>{t('common.cancel')}</Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                data-testid={TestId.stationFormSubmit}
              >
                {t('common.save')}
              </Button>
            </div>
          </Form>
        </div>
      </Spin>
    </ListPageCard>
  );
}
