import { describe, expect, it } from 'vitest';
import { lowAppIdOf } from './low-app.ts';

describe('lowAppIdOf (X-Low-App-ID, spec §7)', () => {
  it('reads the path segment after /lowApp/', () => {
    expect(lowAppIdOf({ pathname: '/lowApp/1600000000000000001', search: '' })).toBe('1600000000000000001');
    expect(lowAppIdOf({ pathname: '/lowApp/app%201/form/list', search: '?appId=other' })).toBe('app 1');
  });

  it('reads the appId query parameter of any page', () => {
    expect(lowAppIdOf({ pathname: '/online/cgform', search: '?x=1&appId=app-9' })).toBe('app-9');
    expect(lowAppIdOf({ pathname: '/lowApp/', search: '?appId=app-9' })).toBe('app-9');
  });

  it('gives null elsewhere', () => {
    expect(lowAppIdOf({ pathname: '/dashboard/analysis', search: '' })).toBeNull();
    expect(lowAppIdOf({ pathname: '/lowAppX/1', search: '?appId=' })).toBeNull();
    expect(lowAppIdOf({ pathname: '/lowApp/', search: '' })).toBeNull();
  });
});
