/** The picker request schemas: lenient paging (cut to 100), Jeecg wildcards, Chinese messages. */
import { describe, expect, it } from 'vitest';
import {
  DepartTreeByLengthQuery,
  DepartTreeSyncQuery,
  MultiUserQuery,
  PICKER_PAGE_SIZE_MAX,
  PositionListQuery,
  UserListQuery,
} from './pickers.ts';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('picker paging', () => {
  it('defaults to page 1 of 10 and cuts a larger page size to 100', () => {
    expect(UserListQuery.parse({})).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(UserListQuery.parse({ pageNo: '3', pageSize: '5000' })).toMatchObject({
      pageNo: 3,
      pageSize: PICKER_PAGE_SIZE_MAX,
    });
  });

  it('refuses a page below 1 or not a number in Chinese', () => {
    expect(messageOf(UserListQuery.safeParse({ pageNo: '0' }))).toBe('分页参数不正确');
    expect(messageOf(UserListQuery.safeParse({ pageSize: 'x' }))).toBe('每页条数不正确');
    expect(messageOf(UserListQuery.safeParse({ order: 'up' }))).toBe('排序字段不正确');
  });
});

describe('picker filters', () => {
  it('unwraps a Jeecg wildcard and drops blanks', () => {
    expect(UserListQuery.parse({ realname: '*张*', username: '  ' })).toMatchObject({ realname: '张' });
    expect(UserListQuery.parse({ username: '  ' }).username).toBeUndefined();
    expect(PositionListQuery.parse({ postInfoName: '经理' }).postInfoName).toBe('经理');
  });

  it('refuses an overlong filter, an unknown status, key or store field', () => {
    expect(messageOf(UserListQuery.safeParse({ username: 'a'.repeat(65) }))).toBe('查询条件过长');
    expect(messageOf(UserListQuery.safeParse({ status: '3' }))).toBe('状态参数不正确');
    expect(messageOf(DepartTreeSyncQuery.safeParse({ primaryKey: 'depart_name' }))).toBe('主键参数只能是id或orgCode');
    expect(messageOf(MultiUserQuery.safeParse({ store: 'password' }))).toBe('存储字段只能是id或username');
  });

  it('queryTreeListByLength takes 1 to 10 levels, default 2', () => {
    expect(DepartTreeByLengthQuery.parse({}).len).toBe(2);
    expect(DepartTreeByLengthQuery.parse({ len: '3' }).len).toBe(3);
    expect(messageOf(DepartTreeByLengthQuery.safeParse({ len: '11' }))).toBe('层级参数不正确');
  });
});
