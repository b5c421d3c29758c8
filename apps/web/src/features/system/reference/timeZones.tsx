import { standardOffsetMinutes as standardOffset } from '@sunfleet/domain';
import { useMemo } from 'react';
import { AutoComplete, Form, InputNumber } from 'antd';
import { ReferenceLimits, validateRequired } from '@sunfleet/contracts';
import { formatOffset } from '@sunfleet/domain';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../../testids';
import { fromRule } from '../../../lib/formRules';
import { timeZoneApi, type TimeZone } from '../api';
import type { ReferenceConfig } from './ReferenceTab';

interface TimeZoneValues {
  name: string;
  offsetMinutes?: number | null;
}

/** The IANA zone names this browser knows, offered while typing (any name may still be typed). */
function zoneNames(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** The zone's standard offset this year (packages/domain), or undefined for a name this browser lacks. */
export function standardOffsetMinutes(
  zone: string,
  year: number = new Date().getUTCFullYear(),
): number | undefined {
  try {
    return standardOffset(zone, year);
  } catch {
    return undefined;
  }
}

/** Time zones: IANA name and offset from UTC (SPEC §3 "time difference"), the offset filled in from the name. */
export function useTimeZoneConfig(): ReferenceConfig<TimeZone, TimeZoneValues> {
  const { t } = useTranslation();
  const names = useMemo(() => zoneNames().map((value) => ({ value })), []);
  return useMemo(
    () => ({
      table: 'timezone',
      idOf: (row) => row.id,
      createTitle: t('system.timezone.create'),
      editTitle: t('system.timezone.edit'),
      columns: [
        { title: t('system.timezone.name'), dataIndex: 'name' },
        {
          title: t('system.timezone.offset'),
          dataIndex: 'offsetMinutes',
          render: (v: number) => `UTC${formatOffset(v)}`,
        },
      ],
      fields: (form) => (
        <>
          <Form.Item
            name="name"
            label={t('system.timezone.name')}
            rules={[fromRule(validateRequired, t)]}
            required
          >
            <AutoComplete
              options={names}
              showSearch={{
                filterOption: (input, option) =>
                  (option?.value ?? '').toLowerCase().includes(input.toLowerCase()),
              }}
              onSelect={(zone: string) => {
                const offset = standardOffsetMinutes(zone);
                if (offset !== undefined) form.setFieldValue('offsetMinutes', offset);
              }}
            />
          </Form.Item>
          <Form.Item
            name="offsetMinutes"
            label={t('system.timezone.offsetMinutes')}
            extra={t('system.timezone.offsetHint')}
          >
            <InputNumber
              min={ReferenceLimits.offsetMinutesMin}
              max={ReferenceLimits.offsetMinutesMax}
              step={15}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </>
      ),
      fieldNames: ['name', 'offsetMinutes'],
      initialValues: {},
      toValues: (row) => ({ name: row.name, offsetMinutes: row.offsetMinutes }),
      // Left empty, the offset is the zone's own standard offset, worked out by the server.
      page: timeZoneApi.page,
      save: (values, row) => {
        const body = {
          name: values.name.trim(),
          ...(values.offsetMinutes === null || values.offsetMinutes === undefined
            ? {}
            : { offsetMinutes: values.offsetMinutes }),
        };
        return row === undefined ? timeZoneApi.create(body) : timeZoneApi.update({ id: row.id, ...body });
      },
      remove: (row) => timeZoneApi.remove(row.id),
      testId: TestId.timeZoneTable,
    }),
    [t, names],
  );
}
