import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from './runtime-config.ts';

describe('runtime config', () => {
  it('reads the settings the server injects', () => {
    const c = parseRuntimeConfig(
      JSON.stringify({
        apiBase: '/gateway/',
        signSecret: 's3',
        copyright: '© 后台',
        filingNumber: '沪ICP备1号',
        externalLinks: { erp: 'https://erp' },
        staticDomain: 'https://cdn.example.com/files/',
        keepAliveLimit: 4,
      }),
    );
    expect(c).toEqual({
      apiBase: '/gateway',
      signSecret: 's3',
      copyright: '© 后台',
      filingNumber: '沪ICP备1号',
      externalLinks: { accounting: '', warehouse: '', logistics: '', erp: 'https://erp' },
      staticDomain: 'https://cdn.example.com/files',
      keepAliveLimit: 4,
    });
  });

  it('takes a keep-alive bound only as a whole number of at least 0', () => {
    for (const bad of [-1, 2.5, '10', null]) {
      expect(parseRuntimeConfig(JSON.stringify({ keepAliveLimit: bad })).keepAliveLimit).toBeNull();
    }
    expect(parseRuntimeConfig(JSON.stringify({ keepAliveLimit: 0 })).keepAliveLimit).toBe(0);
  });

  it('falls back to the file route under the API base when no static domain is set', () => {
    expect(parseRuntimeConfig(JSON.stringify({ apiBase: '/gateway' })).staticDomain).toBe('/gateway/sys/common/static');
    expect(parseRuntimeConfig(JSON.stringify({ apiBase: '', staticDomain: '' })).staticDomain).toBe(
      '/sys/common/static',
    );
    expect(parseRuntimeConfig(null).staticDomain).toBe('/api/sys/common/static');
  });

  it('falls back to apiBase /api when the meta tag is missing or broken (vite dev)', () => {
    expect(parseRuntimeConfig(null).apiBase).toBe('/api');
    expect(parseRuntimeConfig('{oops')).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
