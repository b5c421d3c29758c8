import { useMemo } from 'react';
import { Form, Input, Radio, Tag } from 'antd';
import { ReferenceLimits, validateRequired } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { countryApi, type Country, type CountryVisibility } from '../api';
import type { ReferenceConfig } from './ReferenceTab';

/** ISO 3166-1 alpha-2 (contracts CountryCode). */
const COUNTRY_CODE_PATTERN = /^[A-Za-z]{2}$/;

/** Countries: code, name and whether they are offered publicly (SPEC §3 public or private state). */
export function useCountryConfig(): ReferenceConfig<Country, Country> {
  const { t } = useTranslation();
  return useMemo(() => {
    const visibility: Record<CountryVisibility, string> = {
      PUBLIC: t('system.country.public'),
      PRIVATE: t('system.country.private'),
    };
    return {
      table: 'country',
      idOf: (row) => row.code,
      createTitle: t('system.country.create'),
      editTitle: t('system.country.edit'),
      columns: [
        { title: t('system.country.code'), dataIndex: 'code' },
        { title: t('system.country.name'), dataIndex: 'name' },
        {
          title: t('system.country.visibility'),
          dataIndex: 'visibility',
          render: (v: CountryVisibility) => (
            <Tag color={v === 'PUBLIC' ? 'green' : 'default'}>{visibility[v]}</Tag>
          ),
        },
      ],
      fields: (_form, editing) => (
        <>
          <Form.Item
            name="code"
            label={t('system.country.code')}
            extra={t('system.country.codeHint')}
            rules={[
              fromRule(validateRequired, t),
              { pattern: COUNTRY_CODE_PATTERN, message: t('rule.format') },
            ]}
            required
          >
            <Input maxLength={2} disabled={editing} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('system.country.name')}
            rules={[fromRule(validateRequired, t)]}
            required
          >
            <Input maxLength={ReferenceLimits.nameMax} />
          </Form.Item>
          <Form.Item name="visibility" label={t('system.country.visibility')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'PUBLIC', label: visibility.PUBLIC },
                { value: 'PRIVATE', label: visibility.PRIVATE },
              ]}
            />
          </Form.Item>
        </>
      ),
      fieldNames: ['code', 'name', 'visibility'],
      initialValues: { visibility: 'PUBLIC' },
      toValues: (row) => ({ ...row }),
      page: countryApi.page,
      save: (values, row) => {
        const body = {
          code: values.code.trim().toUpperCase(),
          name: values.name.trim(),
          visibility: values.visibility,
        };
        return row === undefined ? countryApi.create(body) : countryApi.update(body);
      },
      remove: (row) => countryApi.remove(row.code),
      testId: TestId.countryTable,
    } satisfies ReferenceConfig<Country, Country>;
  }, [t]);
}
