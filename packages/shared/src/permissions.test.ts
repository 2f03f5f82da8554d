import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from './contract/permission.ts';
import { excludedCodes, isActionAllowed, isDirectiveAllowed, isFieldVisible, isMenuVisible } from './permissions.ts';

const e = (action: string, type: string, status = '1'): PermissionEntry => ({ action, type, status });

describe('button action rule', () => {
  it('allows an action listed as a type-2 entry of the permission list', () => {
    expect(isActionAllowed('user:add', [e('user:add', '2')], [], [])).toBe(true);
  });
  it('allows an action the auth list grants when it is not disabled', () => {
    expect(isActionAllowed('user:add', [], [e('user:add', '1')], [])).toBe(true);
  });
  it('refuses an action marked status 0 in the disabled list', () => {
    expect(isActionAllowed('user:add', [], [e('user:add', '1')], [e('user:add', '2', '0')])).toBe(false);
  });
  it('refuses an action nobody granted', () => {
    expect(isActionAllowed('user:add', [e('user:edit', '2')], [e('user:edit', '1')], [])).toBe(false);
  });
  it('splits comma-separated actions in the auth list', () => {
    expect(isActionAllowed('user:edit', [], [e('user:add,user:edit', '1')], [])).toBe(true);
  });
});

describe('directive rule', () => {
  it('allows an action the auth list carries with status 0', () => {
    expect(isDirectiveAllowed('user:add', [], [e('user:add', '1', '0')])).toBe(true);
  });
  it('removes the element when there is no permission list', () => {
    expect(isDirectiveAllowed('user:add', null, [])).toBe(false);
  });
  it('ignores type-2 entries and splits comma-separated actions', () => {
    expect(isDirectiveAllowed('user:add', [e('user:add', '2')], [])).toBe(false);
    expect(isDirectiveAllowed('user:edit', [e('user:add,user:edit', '1')], [])).toBe(true);
  });
  it('checks the form’s own permission list first', () => {
    expect(isDirectiveAllowed('user:add', [], [], [e('user:add', '1')])).toBe(true);
  });
});

describe('field visibility', () => {
  const rules = [e('phone', '1')];
  it('hides a column whose dataIndex starts with an ungranted type-1 rule', () => {
    expect(isFieldVisible('phoneNumber', rules, [])).toBe(false);
  });
  it('shows it when granted or overridden', () => {
    expect(isFieldVisible('phoneNumber', rules, [e('phone', '1')])).toBe(true);
    expect(isFieldVisible('phoneNumber', rules, [], ['phoneNumber'])).toBe(true);
  });
  it('ignores unrelated and disabled rules', () => {
    expect(isFieldVisible('email', rules, [])).toBe(true);
    expect(isFieldVisible('phone', [e('phone', '1', '0')], [])).toBe(true);
  });
});

describe('menu visibility', () => {
  it('shows a route without a permission list', () => expect(isMenuVisible(undefined, new Set())).toBe(true));
  it('shows a route only when one listed permission is held', () => {
    expect(isMenuVisible([e('hz:entrance', '1')], new Set(['hz:entrance']))).toBe(true);
    expect(isMenuVisible([e('hz:entrance', '1')], new Set(['other']))).toBe(false);
  });
});

describe('excludedCodes (grid toolbar, spec 001 §6)', () => {
  const all = [
    { action: 'work:add', type: '1', status: '1' },
    { action: 'work:batch_delete', type: '1', status: '1' },
    { action: 'work:export', type: '1', status: '0' },
    { action: 'other:add', type: '1', status: '1' },
  ];
  it('names the enforced rules under the prefix that the user lacks, without the prefix', () => {
    expect(excludedCodes('work', [{ action: 'work:add', type: '1' }], all)).toEqual(['batch_delete']);
    expect(excludedCodes('work:', [], all).sort()).toEqual(['add', 'batch_delete']);
  });
  it('excludes nothing without a prefix, for switched-off rules or codes the system has no rule for', () => {
    expect(excludedCodes('', [], all)).toEqual([]);
    expect(excludedCodes('work', [{ action: 'work:add,work:batch_delete', type: '1' }], all)).toEqual([]);
    expect(excludedCodes('none', [], all)).toEqual([]);
  });
});
