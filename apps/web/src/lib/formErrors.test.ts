import type { FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { applyFieldErrors } from './formErrors';
import { ApiError } from './request';

function fakeForm(): { form: FormInstance; fields: { name: string; errors: string[] }[] } {
  const fields: { name: string; errors: string[] }[] = [];
  const form = {
    setFields: (next: { name: string; errors: string[] }[]) => fields.push(...next),
  } as unknown as FormInstance;
  return { form, fields };
}

describe('applyFieldErrors', () => {
  it("puts a 4000 answer's field errors under the form's own fields, translated by their rule key", () => {
    i18n.addResourceBundle('EN', 'translation', { 'rule.emailInvalid': 'Wrong email' }, true, true);
    const { form, fields } = fakeForm();
    const error = new ApiError({
      kind: 'status',
      status: 4000,
      enMsg: 'rule.emailInvalid',
      data: [
        { field: 'body.email', rule: 'rule.emailInvalid', message: 'must match format' },
        { field: 'body.somethingElse', rule: 'rule.required', message: 'x' },
      ],
    });
    expect(applyFieldErrors(form, error, ['email', 'mobile'])).toBe(1);
    expect(fields).toEqual([{ name: 'email', errors: ['Wrong email'] }]);
  });

  it('leaves the form alone for other failures', () => {
    const { form, fields } = fakeForm();
    expect(
      applyFieldErrors(form, new ApiError({ kind: 'status', status: 4003, data: null }), ['email']),
    ).toBe(0);
    expect(applyFieldErrors(form, new Error('x'), ['email'])).toBe(0);
    expect(fields).toEqual([]);
  });
});
