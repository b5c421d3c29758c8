import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../lib/formErrors';
import { showSuccessToast } from '../lib/toast';

/** Which record a list page's create/edit modal is open for. */
export interface EditTarget<R> {
  open: boolean;
  /** The record being edited; undefined while creating (or closed). */
  record: R | undefined;
  create: () => void;
  edit: (record: R) => void;
  close: () => void;
}

/** The open/closed state of a list page's create/edit modal. */
export function useEditTarget<R>(): EditTarget<R> {
  const [editing, setEditing] = useState<{ record?: R }>();
  return {
    open: editing !== undefined,
    record: editing?.record,
    create: () => setEditing({}),
    edit: (record) => setEditing({ record }),
    close: () => setEditing(undefined),
  };
}

type FillValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

/**
 * Fills a modal's form each time it opens: back to its initial values to create, the record's values to
 * edit (once the record is there, if it arrives after the modal opened). A refetch that hands over a new
 * copy of the record while the modal is open does not fill it again: that would wipe what the user typed.
 * `toValues` must keep its identity between renders (a module-level function or a memoised one).
 */
export function useFormFill<V, R>(
  form: FormInstance<V>,
  open: boolean,
  record: R | undefined,
  toValues: (record: R) => FillValues<V>,
): void {
  /** What this opening has filled: nothing yet, the initial values, or the record's values. */
  const filled = useRef<'none' | 'initial' | 'record'>('none');
  useEffect(() => {
    if (!open) {
      filled.current = 'none';
      return;
    }
    if (filled.current === 'record' || (filled.current === 'initial' && record === undefined)) return;
    form.resetFields();
    if (record !== undefined) form.setFieldsValue(toValues(record));
    filled.current = record === undefined ? 'initial' : 'record';
  }, [open, record, form, toValues]);
}

export interface FormSaveOptions<V> {
  form: FormInstance<V>;
  /** Form fields the server's field errors are shown under. */
  fields: readonly string[];
  mutationFn: (values: V) => Promise<unknown>;
  /** Marks the lists the save changed stale (the shown ones refetch); the modal closes after it. */
  invalidate: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * A create/edit modal's save: on success a toast, the lists invalidated, the modal closed; on failure the
 * server's field errors under their fields (the request layer has already toasted the message).
 */
export function useFormSave<V>({
  form,
  fields,
  mutationFn,
  invalidate,
  onClose,
}: FormSaveOptions<V>): UseMutationResult<unknown, Error, V> {
  const { t } = useTranslation();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      showSuccessToast(t('OperationSuccess'));
      await invalidate();
      onClose();
    },
    onError: (error) => applyFieldErrors(form, error, fields),
  });
}
