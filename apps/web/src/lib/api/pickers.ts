/**
 * Loaders of the organisation and people pickers (spec widgets-accounting §7): the department trees, the user,
 * role, position and shift lists, and the demo accident rules. Widgets take these as props; screens pass them.
 * Every loader answers the result or throws the server's Chinese message (unwrapResult).
 */
import type { Page } from '@houtai/shared/contract/common';
import type {
  AccidentRule,
  DepartNode,
  PickerPosition,
  PickerRole,
  PickerShift,
  PickerUser,
} from '@houtai/shared/contract/pickers-rules';
import { http, unwrapResult, type QueryParams } from '../http.ts';

export type { AccidentRule, DepartNode, PickerPosition, PickerRole, PickerShift, PickerUser };

/** What a picker's table sends: the page, the sort and its search form's fields. */
export type ListParams = QueryParams & { pageNo: number; pageSize: number };

const isArray = (v: unknown) => Array.isArray(v);
const isPage = (v: unknown) => typeof v === 'object' && v !== null && Array.isArray((v as Page<unknown>).records);

async function list<T>(url: string, params: QueryParams, fallback: string): Promise<T[]> {
  return unwrapResult(await http.get<T[]>(url, params), fallback, isArray);
}

async function page<T>(url: string, params: QueryParams, fallback: string): Promise<Page<T>> {
  return unwrapResult(await http.get<Page<T>>(url, params), fallback, isPage);
}

// ---- Departments ----

/** One level: the children of pid, or the roots (of orgCode when given). */
export function loadDepartChildren(pid?: string, orgCode?: string): Promise<DepartNode[]> {
  return list<DepartNode>('/sys/sysDepart/queryDepartTreeSync', { pid, orgCode }, '加载部门失败');
}

/** The departments named by stored keys (ids, or org codes with primaryKey 'orgCode'). */
export function loadDepartsByKeys(keys: readonly string[], primaryKey: 'id' | 'orgCode' = 'id'): Promise<DepartNode[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return list<DepartNode>('/sys/sysDepart/queryDepartTreeSync', { ids: keys.join(','), primaryKey }, '加载部门失败');
}

/** Departments whose name contains the keyword (flat). */
export function searchDeparts(keyWord: string): Promise<DepartNode[]> {
  return list<DepartNode>('/sys/sysDepart/searchBy', { keyWord }, '搜索部门失败');
}

// ---- Users and roles ----

export function loadUserList(params: ListParams): Promise<Page<PickerUser>> {
  return page<PickerUser>('/sys/user/list', params, '加载用户失败');
}

/** Users of a department and its sub-departments (createTime desc by default). */
export function loadUsersByDepart(params: ListParams & { departId?: string | undefined }): Promise<Page<PickerUser>> {
  return page<PickerUser>('/sys/user/queryUserRealDeptData', params, '加载用户失败');
}

/** The users a stored value names, in its order (store field username by default). */
export function loadMultiUser(values: readonly string[], store: 'username' | 'id' = 'username'): Promise<PickerUser[]> {
  if (values.length === 0) return Promise.resolve([]);
  return list<PickerUser>('/sys/user/getMultiUser', { [store]: values.join(','), store }, '加载用户失败');
}

export function loadRoleList(params: ListParams): Promise<Page<PickerRole>> {
  return page<PickerRole>('/sys/role/list', params, '加载角色失败');
}

// ---- HR ----

export function loadPositionList(params: ListParams): Promise<Page<PickerPosition>> {
  return page<PickerPosition>('/hr/hrPosition/list', params, '加载职务失败');
}

export function loadShiftList(params: ListParams): Promise<Page<PickerShift>> {
  return page<PickerShift>('/hr/attendance/hrAttendanceShift/list', params, '加载班次失败');
}

// ---- Demo ----

export function loadAccidentRules(params: ListParams): Promise<Page<AccidentRule>> {
  return page<AccidentRule>('/demo/adverseAccidentRule/list', params, '加载规则失败');
}
