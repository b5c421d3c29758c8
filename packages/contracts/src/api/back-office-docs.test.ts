import { describe, expect, it } from 'vitest';
import { isHttpsUrl } from './app-release.js';
import { documentKindOfName, parseVisibleTo } from './documents.js';

describe('parseVisibleTo', () => {
  it('reads "all" as everyone and a list of role ids without repeats', () => {
    expect(parseVisibleTo(' ALL ')).toBeNull();
    expect(parseVisibleTo('3, 2,3')).toEqual([3, 2]);
  });
  it.each(['', 'admins', '1,,2', '0', '-1', '1.5', '1234567890'])('refuses %j', (text) => {
    expect(parseVisibleTo(text)).toBeUndefined();
  });
});

describe('documentKindOfName', () => {
  it.each([
    ['Manual.PDF', 'PDF'],
    ['photo.jpeg', 'JPEG'],
    ['C:\\fakepath\\sheet.xlsx', 'XLSX'],
    ['README.md', 'MARKDOWN'],
    ['page.html', null],
    ['archive.pdf.exe', null],
    ['pdf', null],
  ])('%j → %j', (name, kind) => {
    expect(documentKindOfName(name)).toBe(kind);
  });
});

describe('isHttpsUrl', () => {
  it.each([
    ['https://play.google.com/store/apps/details?id=x', true],
    ['https://apps.apple.com:443/app/id1', true],
    ['http://play.google.com/x', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@evil.example/', false],
    ['https:///path', false],
    ['https://a b.example/', false],
  ])('%j → %j', (url, expected) => {
    expect(isHttpsUrl(url)).toBe(expected);
  });
});
