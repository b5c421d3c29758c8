import { useRef, useState, type ReactElement } from 'react';
import { Alert, Button, InputNumber, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import {
  AlarmLevels,
  DeviceTypes,
  FaultCodeLimits,
  FaultCodeScopes,
  Perm,
  type AlarmLevel,
  type DeviceType,
  type FaultCodeScope,
  type LanguageKey,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { ListPage, ListToolbar } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { EditDeleteActions, actionsColumn, useRemove } from '../../components/RowActions';
import { useEditTarget } from '../../components/useFormModal';
import { useListFilters } from '../../lib/paging';
import { ApiError } from '../../lib/request';
import { saveFile } from '../../lib/saveFile';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { FaultCodeDrawer } from './FaultCodeDrawer';
import {
  faultCodeApi,
  invalidateFaultCodes,
  useFaultCodes,
  type FaultCode,
  type FaultCodeFilters,
} from './faultCodeApi';
import { importProblemLines } from './faultCodeForm';
import { DEVICE_TYPE_LABEL } from '../../components/DeviceTypeFilter';

const LEVEL_COLOUR: Record<AlarmLevel, string> = {
  URGENT: 'red',
  IMPORTANT: 'orange',
  COMMONLY: 'gold',
  PROMPT: 'blue',
};

/** The console language as a catalogue language key (the texts column shows that language, else English). */
function catalogueLanguage(language: string): LanguageKey {
  const upper = language.toUpperCase();
  if (upper.startsWith('ZH') || upper === 'CN') return 'CN';
  if (upper.startsWith('DE')) return 'DE';
  if (upper.startsWith('IT')) return 'ITA';
  return 'EN';
}

/** "Fault codes": the catalogue that explains alarm codes, with filters, edit drawer and XLSX round trip. */
export function FaultCodePage({ meta }: PageProps): ReactElement {
  const { t, i18n } = useTranslation();
  const { paging, filters, set } = useListFilters<FaultCodeFilters>({ keyword: '' });
  const editing = useEditTarget<FaultCode>();
  const entries = useFaultCodes(filters, paging.page);
  const remove = useRemove((entry: FaultCode) => faultCodeApi.remove(entry.id), invalidateFaultCodes);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const language = catalogueLanguage(i18n.language);

  const exporting = useMutation({
    mutationFn: () =>
      faultCodeApi.export(filters, `fault-codes-${new Date().toISOString().slice(0, 10)}.xlsx`),
    onSuccess: saveFile,
  });
  const importing = useMutation({
    mutationFn: (file: File) => faultCodeApi.import(file),
    onMutate: () => setProblems([]),
    onSuccess: async (result) => {
      showSuccessToast(t('faultCode.importDone', result));
      await invalidateFaultCodes();
    },
    onError: (error) => setProblems(error instanceof ApiError ? importProblemLines(error.data) : []),
  });

  const text = (entry: FaultCode, field: 'description' | 'cause'): string =>
    entry.texts[language][field] || entry.texts.EN[field];

  const columns: TableColumnsType<FaultCode> = [
    {
      title: t('faultCode.code'),
      key: 'code',
      width: 90,
      render: (_, e) => <span data-testid={TestId.faultCodeRowCode}>{e.code}</span>,
    },
    {
      title: t('faultCode.level'),
      dataIndex: 'level',
      width: 110,
      render: (v: AlarmLevel) => <Tag color={LEVEL_COLOUR[v]}>{t(`faultCode.level.${v}`)}</Tag>,
    },
    {
      title: t('faultCode.scope'),
      key: 'scope',
      render: (_, e) =>
        e.scope === 'GLOBAL'
          ? t('faultCode.scope.GLOBAL')
          : `${e.model ?? e.definitionCode ?? ''}${e.deviceType === null ? '' : ` · ${t(DEVICE_TYPE_LABEL[e.deviceType])}`}`,
    },
    { title: t('faultCode.description'), key: 'description', render: (_, e) => text(e, 'description') },
    {
      title: t('faultCode.cause'),
      key: 'cause',
      render: (_, e) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text(e, 'cause') }} style={{ marginBottom: 0 }}>
          {text(e, 'cause')}
        </Typography.Paragraph>
      ),
    },
    actionsColumn<FaultCode>(t, (e) => (
      <EditDeleteActions
        perm={Perm.faultCodeUpdate}
        edit={{ onClick: () => editing.edit(e), testId: TestId.faultCodeEdit }}
        remove={{ onConfirm: () => remove(e), testId: TestId.faultCodeDelete }}
      />
    )),
  ];

  return (
    <ListPage<FaultCode>
      pageTestId={TestId.faultCodePage}
      title={t(meta.title)}
      query={entries}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.faultCodeTable}
      toolbar={
        <ListToolbar
          search={{
            placeholder: t('faultCode.searchPlaceholder'),
            maxLength: FaultCodeLimits.keywordMax,
            onSearch: set('keyword'),
          }}
          create={{ perm: Perm.faultCodeUpdate, label: t('faultCode.create'), onClick: editing.create }}
        >
          <InputNumber<number>
            placeholder={t('faultCode.codePlaceholder')}
            min={0}
            max={FaultCodeLimits.codeMax}
            precision={0}
            onChange={(v) => set('code')(v ?? undefined)}
            data-testid={TestId.faultCodeCodeFilter}
          />
          <Select<AlarmLevel>
            allowClear
            placeholder={t('faultCode.allLevels')}
            style={{ minWidth: 130 }}
            options={AlarmLevels.map((l) => ({ value: l, label: t(`faultCode.level.${l}`) }))}
            onChange={set('level')}
            data-testid={TestId.faultCodeLevelFilter}
          />
          <Select<FaultCodeScope>
            allowClear
            placeholder={t('faultCode.allScopes')}
            style={{ minWidth: 140 }}
            options={FaultCodeScopes.map((s) => ({ value: s, label: t(`faultCode.scope.${s}`) }))}
            onChange={set('scope')}
          />
          <Select<DeviceType>
            allowClear
            placeholder={t('faultCode.deviceType')}
            style={{ minWidth: 140 }}
            options={DeviceTypes.map((d) => ({ value: d, label: t(DEVICE_TYPE_LABEL[d]) }))}
            onChange={set('deviceType')}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid={TestId.faultCodeExport}
          >
            {t('faultCode.export')}
          </Button>
          <Permitted codes={[Perm.faultCodeUpdate]}>
            <Button
              icon={<UploadOutlined />}
              loading={importing.isPending}
              title={t('faultCode.importHint')}
              onClick={() => fileInput.current?.click()}
            >
              {t('faultCode.import')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx"
              hidden
              data-testid={TestId.faultCodeImport}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file !== undefined) importing.mutate(file);
              }}
            />
          </Permitted>
        </ListToolbar>
      }
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblems([]) }}
          title={t('faultCode.importProblems', { count: problems.length })}
          description={
            <ul data-testid={TestId.faultCodeImportProblems}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <FaultCodeDrawer open={editing.open} entry={editing.record} onClose={editing.close} />
    </ListPage>
  );
}
