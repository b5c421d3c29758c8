import { useState, type ReactElement } from 'react';
import { Checkbox, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { LANGUAGES, Perm, type LanguageKey } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { FormModal } from '../../components/FormModal';
import { useFormFill } from '../../components/useFormModal';
import { SearchBox } from '../../components/ListPage';
import { Permitted } from '../../components/Permitted';
import { EditButton, actionsColumn } from '../../components/RowActions';
import { currentLanguage } from '../../lib/i18n';
import { fetchLanguageTable } from '../../lib/languageTable';
import { useListFilters } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { saveTranslation, useLanguages, useTranslations, type TranslationRow } from './api';

type Values = Partial<Record<LanguageKey, string>>;

function Missing(): ReactElement {
  const { t } = useTranslation();
  return <Tag color="orange">{t('system.translation.missing')}</Tag>;
}

const translationValues = (row: TranslationRow): Values =>
  Object.fromEntries(LANGUAGES.map((l) => [l.key, row[l.key] ?? '']));

/** Edits one key in all four languages; the console's own table reloads so the change shows at once. */
function TranslationModal({
  row,
  onClose,
}: {
  row: TranslationRow | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useFormFill(form, row !== undefined, row, translationValues);
  const save = useMutation({
    mutationFn: async (values: Values) => {
      if (row === undefined) return;
      // Blank fields are left out: "not translated yet" stays visible rather than becoming ''.
      const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => (v ?? '').trim() !== ''));
      await saveTranslation(row.key, filled);
      await fetchLanguageTable(currentLanguage());
    },
    onSuccess: () => {
      showSuccessToast(t('OperationSuccess'));
      onClose();
    },
  });
  return (
    <FormModal<Values>
      open={row !== undefined}
      title={t('system.translation.edit')}
      form={form}
      save={save}
      onClose={onClose}
      testId={TestId.translationForm}
      width={640}
      intro={
        <Typography.Paragraph code copyable>
          {row?.key}
        </Typography.Paragraph>
      }
    >
      {LANGUAGES.map((language) => (
        <Form.Item key={language.key} name={language.key} label={`${language.title} (${language.key})`}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      ))}
    </FormModal>
  );
}

/** The translation table: languages with their key counts, search by key or text, missing-only filter, edit. */
export function TranslationsTab(): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters({ keyword: '', missing: false });
  const { keyword, missing } = filters;
  const [editing, setEditing] = useState<TranslationRow>();
  const languages = useLanguages();
  const rows = useTranslations({ keyword, missing: missing ? true : undefined }, paging.page);

  const text = (value: string | null | undefined): ReactElement | string =>
    value === null || value === undefined || value === '' ? <Missing /> : value;
  const columns: TableColumnsType<TranslationRow> = [
    {
      title: t('system.translation.key'),
      dataIndex: 'key',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    ...LANGUAGES.map((language) => ({
      title: language.key,
      key: language.key,
      render: (_: unknown, row: TranslationRow) => text(row[language.key]),
    })),
    actionsColumn<TranslationRow>(
      t,
      (row) => (
        <Permitted codes={[Perm.translationUpdate]}>
          <EditButton onClick={() => setEditing(row)} testId={TestId.translationEdit} />
        </Permitted>
      ),
      false,
    ),
  ];

  const toolbar = (
    <>
      <SearchBox
        placeholder={t('system.translation.searchPlaceholder')}
        onSearch={set('keyword')}
        width={280}
      />
      <Checkbox
        checked={missing}
        onChange={(e) => set('missing')(e.target.checked)}
        data-testid={TestId.translationMissing}
      >
        {t('system.translation.onlyMissing')}
      </Checkbox>
    </>
  );

  return (
    <>
      <Space wrap className="language-summary" data-testid={TestId.languageSummary}>
        {(languages.data ?? []).map((l) => (
          <Tag key={l.key}>
            {l.title} · {l.key}/{l.value} · {t('system.translation.keyCount', { keys: l.keyCount })}
          </Tag>
        ))}
      </Space>
      <DataTable<TranslationRow>
        query={rows}
        columns={columns}
        rowKey="key"
        paging={paging}
        testId={TestId.translationTable}
        toolbar={toolbar}
      />
      <TranslationModal row={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
