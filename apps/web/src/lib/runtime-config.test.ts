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
      }),
    );
    expect(c).toEqual({
      apiBase: '/gateway',
      signSecret: 's3',
      copyright: '© 后台',
      filingNumber: '沪ICP备1号',
      externalLinks: { accounting: '', warehouse: '', logistics: '', erp: 'https://erp' },
    });
  });

  it('falls back to apiBase /api when the meta tag is missing or broken (vite dev)', () => {
    expect(parseRuntimeConfig(null).apiBase).toBe('/api');
    expect(parseRuntimeConfig('{oops')).toEqual(DEFAULT_RUNTIME_CONFIG);
  });
});
