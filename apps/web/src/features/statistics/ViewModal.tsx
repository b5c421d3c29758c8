import { useEffect, type ReactElement } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Perm,
  STATISTICS_SCHEDULES,
  STATISTICS_SHORTCUTS,
  StatisticsLimits,
  validateEmail,
  type StatisticsSchedule,
  type StatisticsShortcut,
  type StatisticsView,
} from '@sunfleet/contracts';
import { usePermitted } from '../../components/Permitted';
import { applyFieldErrors } from '../../lib/formErrors';
import { showSuccessToast } from '../../lib/toast';
import { saveView } from './api';
import type { StatisticsFilters } from './model';
import { StatisticsTestId } from './testIds';

interface ViewForm {
  name: string;
  range: StatisticsShortcut;
  schedule: StatisticsSchedule;
  recipients: string[];
}

const FIELDS = ['name', 'range', 'schedule', 'recipients'] as const;

/**
 * Saves the current comparison as a view (or changes an open one): a name, the range rule it opens with,
 * and — with statistics:schedule — a weekly or monthly XLSX mail to up to ten addresses.
 */
export function ViewModal({
  open,
  view,
  filters,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The view being changed; null for a new one. */
  view: StatisticsView | null;
  filters: StatisticsFilters;
  onClose: () => void;
  onSaved: (view: StatisticsView) => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<ViewForm>();
  const maySchedule = usePermitted([Perm.statisticsSchedule]);
  const schedule = Form.useWatch('schedule', form);
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: view?.name ?? '',
      range: view?.range ?? 'LAST_MONTH',
      schedule: view?.schedule ?? 'NONE',
      recipients: view?.recipients ?? [],
    });
  }, [open, view, form]);
  const save = useMutation({
    mutationFn: (values: ViewForm) =>
      saveView(view?.id ?? null, {
        ...values,
        stationIds: filters.stationIds,
        granularity: filters.granularity,
        currency: filters.currency,
        rankBy: filters.rankBy,
      }),
    onSuccess: (saved) => {
      showSuccessToast(t('statisticsWeb.viewSaved'));
      onSaved(saved);
    },
    onError: (error) => applyFieldErrors(form, error, FIELDS),
  });
  return (
    <Modal
      open={open}
      title={t(view === null ? 'statisticsWeb.viewSave' : 'statisticsWeb.viewEdit')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid={StatisticsTestId.viewForm}>
        <Form.Item
          name="name"
          label={t('statisticsWeb.viewName')}
          rules={[{ required: true, whitespace: true, message: t('rule.required') }]}
        >
          <Input maxLength={StatisticsLimits.viewNameMax} data-testid={StatisticsTestId.viewName} />
        </Form.Item>
        <Form.Item name="range" label={t('statisticsWeb.viewRange')} extra={t('statisticsWeb.viewRangeHint')}>
          <Select
            options={STATISTICS_SHORTCUTS.map((s) => ({ value: s, label: t(`statisticsWeb.shortcut.${s}`) }))}
            data-testid={StatisticsTestId.viewRange}
          />
        </Form.Item>
        {maySchedule && (
          <Form.Item name="schedule" label={t('statisticsWeb.schedule')}>
            <Select
              options={STATISTICS_SCHEDULES.map((s) => ({
                value: s,
                label: t(`statisticsWeb.schedule.${s}`),
              }))}
              data-testid={StatisticsTestId.viewSchedule}
            />
          </Form.Item>
        )}
        {maySchedule && schedule !== 'NONE' && (
          <Form.Item
            name="recipients"
            label={t('statisticsWeb.recipients')}
            extra={t('statisticsWeb.recipientsHint')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('statistics.recipientsRequired') },
              {
                validator: (_, value: string[] | undefined) =>
                  (value ?? []).every((v) => validateEmail(v) === null)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('statisticsWeb.invalidEmail'))),
              },
            ]}
          >
            <Select
              mode="tags"
              maxCount={StatisticsLimits.recipientsMax}
              open={false}
              tokenSeparators={[',', ' ', ';']}
              data-testid={StatisticsTestId.viewRecipients}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
