import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Space, type FormInstance, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { DataTable } from '../../../components/DataTable';
import { Permitted } from '../../../components/Permitted';
import { applyFieldErrors } from '../../../lib/formErrors';
import { usePaging } from '../../../lib/paging';
import { showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import { referenceApi, useReferencePage, type ReferencePath } from '../api';

/** How one reference table (currencies, regions, time zones, countries) is listed and edited. */
export interface ReferenceConfig<T extends object, V extends object> {
  path: ReferencePath;
  /** The key the API deletes by (code or id). */
  idOf: (row: T) => string | number;
  /** False when the server would refuse the delete anyway (e.g. a currency regions still use). */
  canDelete?: (row: T) => boolean;
  createTitle: string;
  editTitle: string;
  columns: TableColumnsType<T>;
  /** Form fields; `editing` locks the identifying field. */
  fields: (form: FormInstance<V>, editing: boolean) => ReactNode;
  fieldNames: readonly string[];
  initialValues: Partial<V>;
  toValues: (row: T) => V;
  /** Request body; on edit the row's identity is added by the config itself. */
  toBody: (values: V, row: T | undefined) => object;
  testId: string;
}

/**
 * A reference table: list with paging and its three states; create, edit and delete (with confirmation)
 * for holders of reference:update. Reads are open to every logged-in user (the pickers use them).
 */
export function ReferenceTab<T extends object, V extends object>({
  config,
}: {
  config: ReferenceConfig<T, V>;
}): ReactElement {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const rows = useReferencePage<T>(config.path, keyword, paging.page);
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<{ row?: T } | undefined>();

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    if (editing.row !== undefined) form.setFieldsValue(config.toValues(editing.row));
  }, [editing, form, config]);

  const save = useMutation({
    mutationFn: (values: V) => {
      const body = config.toBody(values, editing?.row);
      return editing?.row === undefined
        ? referenceApi.create(config.path, body)
        : referenceApi.update(config.path, body);
    },
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      setEditing(undefined);
      await referenceApi.invalidate(config.path);
    },
    onError: (error) => applyFieldErrors(form, error, config.fieldNames),
  });
  const remove = async (row: T): Promise<void> => {
    await referenceApi.remove(config.path, config.idOf(row));
    showSuccessToast(t('OperationSuccess'));
    await referenceApi.invalidate(config.path);
  };

  const columns: TableColumnsType<T> = [
    ...config.columns,
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) => (
        <Permitted codes={[Perm.referenceUpdate]}>
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ row })}
              data-testid={TestId.referenceEdit}
            >
              {t('common.edit')}
            </Button>
            <ConfirmButton
              icon={<DeleteOutlined />}
              onConfirm={() => remove(row)}
              testId={TestId.referenceDelete}
            >
              {t('common.delete')}
            </ConfirmButton>
          </Space>
        </Permitted>
      ),
    },
  ];

  const toolbar = (
    <>
      <Input.Search
        allowClear
        placeholder={t('system.reference.searchPlaceholder')}
        onSearch={(value) => {
          setKeyword(value);
          paging.reset();
        }}
        style={{ width: 240 }}
        data-testid={TestId.listKeyword}
      />
      <div className="list-toolbar-spacer" />
      <Permitted codes={[Perm.referenceUpdate]}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({})}
          data-testid={TestId.listCreate}
        >
          {config.createTitle}
        </Button>
      </Permitted>
    </>
  );

  return (
    <>
      <DataTable<T>
        query={rows}
        columns={columns}
        rowKey={(row) => String(config.idOf(row))}
        paging={paging}
        testId={config.testId}
        toolbar={toolbar}
      />
      <Modal
        open={editing !== undefined}
        title={editing?.row === undefined ? config.createTitle : config.editTitle}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': TestId.formSubmit }}
        destroyOnHidden
      >
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={config.initialValues}
          onFinish={(values) => save.mutate(values)}
        >
          {config.fields(form, editing?.row !== undefined)}
        </Form>
      </Modal>
    </>
  );
}
