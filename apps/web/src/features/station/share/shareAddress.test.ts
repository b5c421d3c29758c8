import { describe, expect, it } from 'vitest';
import { shareAddress } from './shareAddress';

const link = {
  token: 'tok_en-43',
  url: 'https://solar.example.com/#/station/share?token=tok_en-43',
};

describe('share link address', () => {
  it('hands out the public address when the server has one, whatever host the browser used', () => {
    const opened = { origin: 'http://10.0.0.7:8080', pathname: '/' };
    expect(shareAddress(link, 'https://solar.example.com', opened)).toBe(link.url);
  });

  it('uses the address the console was opened at when the server was not told one', () => {
    const opened = { origin: 'https://console.example.org', pathname: '/sunfleet/' };
    expect(shareAddress(link, null, opened)).toBe(
      'https://console.example.org/sunfleet/#/station/share?token=tok_en-43',
    );
    expect(shareAddress(link, undefined, opened)).toBe(
      'https://console.example.org/sunfleet/#/station/share?token=tok_en-43',
    );
  });
});
