import type { ReactElement, ReactNode } from 'react';
import { Form, type FormInstance, type TableColumnsType } from 'antd';
import { Perm } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { FormModal } from '../../../components/FormModal';
import { ListToolbar } from '../../../components/ListPage';
import { EditDeleteActions, actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget, useFormFill } from '../../../components/useFormModal';
import { applyFieldErrors } from '../../../lib/formErrors';
import { useListFilters } from '../../../lib/paging';
import { showSuccessToast } from '../../../lib/toast';
import { TestId } from '../../../testids';
import type { PageData } from '../../../lib/paging';
import { invalidateReference, useReferencePage, type ReferenceQuery, type ReferenceTable } from '../api';

/** How one reference table (currencies, regions, time zones, countries) is listed and edited. */
export interface ReferenceConfig<T extends object, V extends object> {
  table: ReferenceTable;
  /** The row's identity (code or id). */
  idOf: (row: T) => string | number;
  /** The table's typed calls (system/api.ts). */
  page: (query: ReferenceQuery) => Promise<PageData<T>>;
  /** Creates (no row) or updates the row; the config adds the row's identity on edit. */
  save: (values: V, row: T | undefined) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
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
  const { paging, filters, set } = useListFilters({ keyword: '' });
  const rows = useReferencePage<T>(config.table, config.page, filters.keyword, paging.page);
  const [form] = Form.useForm<V>();
  const editing = useEditTarget<T>();
  useFormFill(form, editing.open, editing.record, config.toValues);

  const save = useMutation({
    mutationFn: (values: V) => config.save(values, editing.record),
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      // The dialog closes at once; the list refetches behind it.
      editing.close();
      await invalidateReference(config.table);
    },
    onError: (error) => applyFieldErrors(form, error, config.fieldNames),
  });
  const remove = useRemove(
    (row: T) => config.remove(row),
    () => invalidateReference(config.table),
  );

  const columns: TableColumnsType<T> = [
    ...config.columns,
    actionsColumn<T>(
      t,
      (row) => (
        <EditDeleteActions
          perm={Perm.referenceUpdate}
          edit={{ onClick: () => editing.edit(row), testId: TestId.referenceEdit }}
          remove={{ onConfirm: () => remove(row), testId: TestId.referenceDelete }}
        />
      ),
      false,
    ),
  ];

  return (
    <>
      <DataTable<T>
        query={rows}
        columns={columns}
        rowKey={(row) => String(config.idOf(row))}
        paging={paging}
        testId={config.testId}
        toolbar={
          <ListToolbar
            search={{
              placeholder: t('system.reference.searchPlaceholder'),
              onSearch: set('keyword'),
              width: 240,
            }}
            create={{ perm: Perm.referenceUpdate, label: config.createTitle, onClick: editing.create }}
          />
        }
      />
      <FormModal<V>
        open={editing.open}
        title={editing.record === undefined ? config.createTitle : config.editTitle}
        form={form}
        save={save}
        onClose={editing.close}
        initialValues={config.initialValues}
      >
        {config.fields(form, editing.record !== undefined)}
      </FormModal>
    </>
  );
}
