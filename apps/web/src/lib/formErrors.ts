import type { FormInstance } from 'antd';
import { translateMessage } from './i18n';
import { ApiError } from './request';

/** contracts FieldError: `rule` is the translation key, `message` English for developers only. */
interface FieldError {
  field: string;
  rule?: string;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as FieldError).field === 'string';
}

/**
 * Puts the server's 4000 field errors (`[{field: 'body.email', rule, message}]`) under the matching form
 * fields, so the user sees which input the server refused and why. Fields the form does not have are left
 * to the toast the request layer already showed. Returns how many fields were marked.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, names: readonly string[]): number {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return 0;
  const byField = new Map<string, string[]>();
  for (const item of error.data as unknown[]) {
    if (!isFieldError(item)) continue;
    const name = item.field.replace(/^(body|query|params)\./, '').split('.')[0] ?? '';
    if (!names.includes(name)) continue;
    const text = translateMessage(item.rule ?? 'InvalidInput');
    byField.set(name, [...(byField.get(name) ?? []), text]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size;
}
