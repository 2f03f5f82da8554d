import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '@houtai/shared/contract/permission';
import { erpUrl, mayUseErpEntrance } from './erp-gate.ts';

const entrance: PermissionEntry[] = [{ action: 'hz:entrance', type: '1', status: '1' }];
const other: PermissionEntry[] = [{ action: 'system:docs:view', type: '1', status: '1' }];

describe('ERP entrance gate', () => {
  it('opens for hz:entrance holders in an A03… or A10… department', () => {
    expect(mayUseErpEntrance({ auth: entrance, username: 'zhangsan', orgCode: 'A03A01' })).toBe(true);
    expect(mayUseErpEntrance({ auth: entrance, username: 'lisi', orgCode: 'A10A01' })).toBe(true);
  });

  it('stays closed in other departments unless the username carries the admin marker A1000', () => {
    expect(mayUseErpEntrance({ auth: entrance, username: 'wangwu', orgCode: 'A02A01' })).toBe(false);
    expect(mayUseErpEntrance({ auth: entrance, username: 'wangwu', orgCode: 'XA03' })).toBe(false);
    expect(mayUseErpEntrance({ auth: entrance, username: 'wangwu', orgCode: null })).toBe(false);
    expect(mayUseErpEntrance({ auth: entrance, username: 'xA1000y', orgCode: 'A01' })).toBe(true);
  });

  it('needs hz:entrance whatever the department or username', () => {
    expect(mayUseErpEntrance({ auth: other, username: 'zhangsan', orgCode: 'A03A01' })).toBe(false);
    expect(mayUseErpEntrance({ auth: [], username: 'A1000', orgCode: 'A10' })).toBe(false);
    expect(mayUseErpEntrance({ auth: null, username: 'A1000', orgCode: 'A10' })).toBe(false);
  });

  it('ignores a disabled hz:entrance and finds it in a comma-separated action list', () => {
    const disabled: PermissionEntry[] = [{ action: 'hz:entrance', type: '1', status: '0' }];
    expect(mayUseErpEntrance({ auth: disabled, username: 'zhangsan', orgCode: 'A03A01' })).toBe(false);
    const listed: PermissionEntry[] = [{ action: 'a:b,hz:entrance', type: '1', status: '1' }];
    expect(mayUseErpEntrance({ auth: listed, username: 'zhangsan', orgCode: 'A03A01' })).toBe(true);
  });

  it('passes the encrypted user info as the data query, keeping an existing query', () => {
    expect(erpUrl('https://erp.example.com/sso', 'a+b/c=')).toBe('https://erp.example.com/sso?data=a%2Bb%2Fc%3D');
    expect(erpUrl('https://erp.example.com/sso?x=1', 'abc')).toBe('https://erp.example.com/sso?x=1&data=abc');
  });
});
