import { describe, expect, it } from 'vitest';
import { csvField, csvTable } from './csv.js';

describe('csv', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes numbers as they are and nothing for null or a non-finite number', () => {
    expect(csvField(-0.125)).toBe('-0.125');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('neutralises text that starts like a formula, not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField(-1)).toBe('-1');
  });

  it('ends every line with CRLF', () => {
    expect(
      csvTable(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
