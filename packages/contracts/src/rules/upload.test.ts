import { describe, it, expect } from 'vitest';
import { RuleMessage } from './messages.js';
import { acceptAttribute, fileExtension, validateUploadName } from './upload.js';

describe('fileExtension', () => {
  it.each([
    ['firmware.BIN', 'bin'],
    ['a.tar.gz', 'gz'],
    ['C:\\fakepath\\photo.JPeG', 'jpeg'],
    ['dir/sub/list.xlsx', 'xlsx'],
    ['.bin', ''],
    ['README', ''],
    ['trailing.', ''],
  ])('%j → %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('validateUploadName', () => {
  it('firmware: bin or mbt only', () => {
    expect(validateUploadName('v1.2.bin', 'firmware')).toBeNull();
    expect(validateUploadName('V1.2.MBT', 'firmware')).toBeNull();
    expect(validateUploadName('v1.2.hex', 'firmware')).toBe(RuleMessage.firmwareFileType);
    expect(validateUploadName('v1.2.bin.exe', 'firmware')).toBe(RuleMessage.firmwareFileType);
  });

  it('images: png, jpg, jpeg only', () => {
    expect(validateUploadName('roof.png', 'image')).toBeNull();
    expect(validateUploadName('roof.JPG', 'image')).toBeNull();
    expect(validateUploadName('roof.jpeg', 'image')).toBeNull();
    expect(validateUploadName('roof.gif', 'image')).toBe(RuleMessage.imageFileType);
    expect(validateUploadName('roof.svg', 'image')).toBe(RuleMessage.imageFileType);
  });

  it('imports: xlsx or xls only', () => {
    expect(validateUploadName('devices.xlsx', 'import')).toBeNull();
    expect(validateUploadName('devices.XLS', 'import')).toBeNull();
    expect(validateUploadName('devices.csv', 'import')).toBe(RuleMessage.importFileType);
    expect(validateUploadName('xlsx', 'import')).toBe(RuleMessage.importFileType);
  });
});

describe('acceptAttribute', () => {
  it('lists the extensions for a file input', () => {
    expect(acceptAttribute('image')).toBe('.png,.jpg,.jpeg');
  });
});
