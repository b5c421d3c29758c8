import { useEffect, useState, type ReactElement } from 'react';
import { Button, Checkbox, Form, Input, Modal, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { LANGUAGES, Perm, type LanguageKey } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { Permitted } from '../../components/Permitted';
import { currentLanguage } from '../../lib/i18n';
import { fetchLanguageTable } from '../../lib/languageTable';
import { usePaging } from '../../lib/paging';
import { showSuccessToast } from '../../lib/toast';
import { TestId } from '../../testids';
import { saveTranslation, useLanguages, useTranslations, type TranslationRow } from './api';

type Values = Partial<Record<LanguageKey, string>>;

function Missing(): ReactElement {
  const { t } = useTranslation();
  return <Tag color="orange">{t('system.translation.missing')}</Tag>;
}

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
  useEffect(() => {
    if (row === undefined) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(LANGUAGES.map((l) => [l.key, row[l.key] ?? ''])));
  }, [row, form]);
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
    <Modal
      open={row !== undefined}
      title={t('system.translation.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': TestId.formSubmit }}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph code copyable>
        {row?.key}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid={TestId.translationForm}
      >
        {LANGUAGES.map((language) => (
          <Form.Item key={language.key} name={language.key} label={`${language.title} (${language.key})`}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The translation table: languages with their key counts, search by key or text, missing-only filter, edit. */
export function TranslationsTab(): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [missing, setMissing] = useState(false);
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
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Permitted codes={[Perm.translationUpdate]}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(row)}
            data-testid={TestId.translationEdit}
          >
            {t('common.edit')}
          </Button>
        </Permitted>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t('system.translation.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 280 }}
        data-testid={TestId.listKeyword}
      />
      <Checkbox
        checked={missing}
        onChange={(e) => {
          setMissing(e.target.checked);
          paging.reset();
        }}
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
