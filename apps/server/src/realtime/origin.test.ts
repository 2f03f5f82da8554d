import { describe, expect, it } from 'vitest';
import { originAllowed } from './socket-server.ts';

describe('the socket handshake Origin rule', () => {
  it('lets clients without an Origin (not browsers) through: their token decides', () => {
    expect(originAllowed(undefined, 'houtai.example', [])).toBe(true);
  });

  it('accepts a page of the host the handshake went to, whatever the case or scheme', () => {
    expect(originAllowed('https://houtai.example', 'houtai.example', [])).toBe(true);
    expect(originAllowed('http://HOUTAI.example:8080', 'houtai.example:8080', [])).toBe(true);
  });

  it('refuses other sites, other ports, opaque and malformed origins', () => {
    expect(originAllowed('https://evil.example', 'houtai.example', [])).toBe(false);
    expect(originAllowed('https://houtai.example:8443', 'houtai.example', [])).toBe(false);
    expect(originAllowed('https://houtai.example.evil.example', 'houtai.example', [])).toBe(false);
    expect(originAllowed('null', 'houtai.example', [])).toBe(false);
    expect(originAllowed('file://', 'houtai.example', [])).toBe(false);
    expect(originAllowed('chrome-extension://abc', 'houtai.example', [])).toBe(false);
  });

  it('accepts the origins listed in SOCKET_ALLOWED_ORIGINS, exactly', () => {
    const allowed = ['https://admin.example.com'];
    expect(originAllowed('https://admin.example.com', 'internal:3000', allowed)).toBe(true);
    expect(originAllowed('https://ADMIN.example.com', 'internal:3000', allowed)).toBe(true);
    expect(originAllowed('http://admin.example.com', 'internal:3000', allowed)).toBe(false);
    expect(originAllowed('https://admin.example.com:444', 'internal:3000', allowed)).toBe(false);
  });
});
