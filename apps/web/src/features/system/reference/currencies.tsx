import { useMemo } from 'react';
import { Form, Input, InputNumber } from 'antd';
import { Limits, ReferenceLimits, validateCurrency, validateRequired } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { currencyApi, type Currency } from '../api';
import type { ReferenceConfig } from './ReferenceTab';

interface CurrencyValues {
  code: string;
  name: string;
  exchangeRate: number;
}

/** Currencies: code (1–5 characters, SPEC §5), name, exchange rate. The code identifies it and stays fixed. */
export function useCurrencyConfig(): ReferenceConfig<Currency, CurrencyValues> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      table: 'currency',
      idOf: (row) => row.code,
      canDelete: (row) => row.regionCount === 0,
      createTitle: t('system.currency.create'),
      editTitle: t('system.currency.edit'),
      columns: [
        { title: t('system.currency.code'), dataIndex: 'code' },
        { title: t('system.currency.name'), dataIndex: 'name' },
        { title: t('system.currency.exchangeRate'), dataIndex: 'exchangeRate' },
        { title: t('system.currency.regionCount'), dataIndex: 'regionCount' },
      ],
      fields: (_form, editing) => (
        <>
          <Form.Item
            name="code"
            label={t('system.currency.code')}
            rules={[fromRule(validateRequired, t), fromRule(validateCurrency, t)]}
            required
          >
            <Input
              maxLength={Limits.currencyCodeMax}
              disabled={editing}
              style={{ textTransform: 'uppercase' }}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('system.currency.name')}
            rules={[fromRule(validateRequired, t)]}
            required
          >
            <Input maxLength={ReferenceLimits.nameMax} />
          </Form.Item>
          <Form.Item
            name="exchangeRate"
            label={t('system.currency.exchangeRate')}
            extra={t('system.currency.exchangeRateHint')}
            rules={[
              { required: true, message: t('rule.cannotBeBlank') },
              // The server takes rates above 0 only (units of this currency per 1 USD).
              { type: 'number', min: Number.MIN_VALUE, message: t('rule.range') },
            ]}
          >
            <InputNumber
              min={0}
              max={ReferenceLimits.exchangeRateMax}
              step={0.0001}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </>
      ),
      fieldNames: ['code', 'name', 'exchangeRate'],
      initialValues: {},
      toValues: (row) => ({ code: row.code, name: row.name, exchangeRate: row.exchangeRate }),
      page: currencyApi.page,
      save: (values, row) => {
        const body = {
          code: values.code.trim().toUpperCase(),
          name: values.name.trim(),
          exchangeRate: values.exchangeRate,
        };
        return row === undefined ? currencyApi.create(body) : currencyApi.update(body);
      },
      remove: (row) => currencyApi.remove(row.code),
      testId: TestId.currencyTable,
    }),
    [t],
  );
}
