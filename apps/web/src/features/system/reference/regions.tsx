import { useMemo } from 'react';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { ReferenceLimits, validateRequired } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../../lib/referenceData';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { AREA_CODES } from '../../../lib/areaCodes';
import { regionApi, type Region, type TemperatureUnit } from '../api';
import type { ReferenceConfig } from './ReferenceTab';

interface RegionValues {
  name: string;
  areaCode: string;
  currencyCode: string;
  temperatureUnit: TemperatureUnit;
  price: number;
}

/** Regions: name, area code, currency (from the currency table), temperature unit and price. */
export function useRegionConfig(): ReferenceConfig<Region, RegionValues> {
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const currencyOptions = useMemo(
    () => (currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })),
    [currencies.data],
  );
  return useMemo(
    () => ({
      table: 'region',
      idOf: (row) => row.id,
      createTitle: t('system.region.create'),
      editTitle: t('system.region.edit'),
      columns: [
        { title: t('system.region.name'), dataIndex: 'name' },
        { title: t('account.areaCode'), dataIndex: 'areaCode' },
        {
          title: t('system.region.currency'),
          key: 'currency',
          render: (_, r) => `${r.currencyCode} · ${r.currencyName}`,
        },
        {
          title: t('system.region.temperatureUnit'),
          dataIndex: 'temperatureUnit',
          render: (v: TemperatureUnit) => `°${v}`,
        },
        { title: t('system.region.price'), dataIndex: 'price' },
      ],
      fields: () => (
        <>
          <Form.Item
            name="name"
            label={t('system.region.name')}
            rules={[fromRule(validateRequired, t)]}
            required
          >
            <Input maxLength={ReferenceLimits.nameMax} />
          </Form.Item>
          <Form.Item
            name="areaCode"
            label={t('account.areaCode')}
            rules={[fromRule(validateRequired, t)]}
            required
          >
            <Select showSearch options={AREA_CODES.map((code) => ({ value: code, label: code }))} />
          </Form.Item>
          <Form.Item
            name="currencyCode"
            label={t('system.region.currency')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={currencyOptions}
              loading={currencies.isFetching}
            />
          </Form.Item>
          <Form.Item name="temperatureUnit" label={t('system.region.temperatureUnit')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'C', label: '°C' },
                { value: 'F', label: '°F' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('system.region.price')}
            extra={t('system.region.priceHint')}
            rules={[{ required: true, message: t('rule.cannotBeBlank') }]}
          >
            <InputNumber min={0} max={ReferenceLimits.priceMax} step={0.01} style={{ width: '100%' }} />
          </Form.Item>
        </>
      ),
      fieldNames: ['name', 'areaCode', 'currencyCode', 'temperatureUnit', 'price'],
      initialValues: { temperatureUnit: 'C' },
      toValues: (row) => ({
        name: row.name,
        areaCode: row.areaCode,
        currencyCode: row.currencyCode,
        temperatureUnit: row.temperatureUnit,
        price: row.price,
      }),
      page: regionApi.page,
      save: (values, row) => {
        const body = { ...values, name: values.name.trim() };
        return row === undefined ? regionApi.create(body) : regionApi.update({ id: row.id, ...body });
      },
      remove: (row) => regionApi.remove(row.id),
      testId: TestId.regionTable,
    }),
    [t, currencyOptions, currencies.isFetching],
  );
}
