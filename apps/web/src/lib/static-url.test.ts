import { describe, expect, it } from 'vitest';
import { resolveStaticUrl } from './static-url.ts';

describe('resolveStaticUrl (spec §7)', () => {
  it('prefixes a stored path with the static domain, one slash between', () => {
    expect(resolveStaticUrl('upload/2024/a.png', '/api/sys/common/static')).toBe(
      '/api/sys/common/static/upload/2024/a.png',
    );
    expect(resolveStaticUrl('/upload/a.png', 'https://cdn.example.com/files/')).toBe(
      'https://cdn.example.com/files/upload/a.png',
    );
  });

  it('leaves absolute http(s), scheme-relative and data: URLs as they are', () => {
    for (const url of [
      'http://example.com/a.png',
      'HTTPS://example.com/a.png',
      '//cdn.example.com/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      expect(resolveStaticUrl(url, 'https://cdn.example.com')).toBe(url);
    }
  });

  it('gives an empty path back empty', () => {
    expect(resolveStaticUrl('', 'https://cdn.example.com')).toBe('');
  });

  it('uses the runtime config by default (same origin under vite dev)', () => {
    expect(resolveStaticUrl('a.png')).toBe('/api/sys/common/static/a.png');
  });
});
