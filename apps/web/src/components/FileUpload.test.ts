import { describe, expect, it } from 'vitest';
import type { UploadFile } from 'antd';
import type { TFunction } from 'i18next';
import { singleFileRule } from './FileUpload';

const t = ((key: string, values?: { size?: string }) =>
  values?.size === undefined ? key : `${key} ${values.size}`) as unknown as TFunction;

const rule = singleFileRule(t, {
  nameError: (name) => (name.endsWith('.bin') ? null : 'bad.name'),
  emptyKey: 'bad.empty',
  maxBytes: 2048,
  tooLargeKey: 'bad.size',
}) as { validator: (rule: unknown, files: UploadFile[] | undefined) => Promise<void> };

const check = (files: UploadFile[] | undefined): Promise<string> =>
  rule.validator({}, files).then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe('the single-file rule', () => {
  it('asks for a file, then checks its name, emptiness and size in that order', async () => {
    expect(await check(undefined)).toBe('security.fileRequired');
    expect(await check([{ uid: '1', name: 'a.txt', size: 0 }])).toBe('bad.name');
    expect(await check([{ uid: '1', name: 'a.bin', size: 0 }])).toBe('bad.empty');
    expect(await check([{ uid: '1', name: 'a.bin', size: 4096 }])).toBe('bad.size 2 KiB');
    expect(await check([{ uid: '1', name: 'a.bin', size: 2048 }])).toBe('ok');
  });
});
