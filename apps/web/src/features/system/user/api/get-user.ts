/**
 * What 编辑 reads (contract §2.7): GET queryById (the account), queryUserRole (its role ids; a user without roles is
 * a refusal, read as none) and userDepartList (its departments), together.
 */
import type { UserDepartOption } from '@houtai/shared/contract/admin-user';
import { BusinessError, http, unwrap, unwrapResult } from '../../../../lib/http.ts';

/** The account as queryById answers it (never a password). */
export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  nickname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  status: number;
  workNo: string | null;
  /** Position codes, comma-joined. */
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  /** The departments the user manages (userIdentity 2), comma-joined. */
  departIds: string | null;
  version: number;
  selectedroles: string;
  selecteddeparts: string;
  settlementOrgIds: string;
}

/** The account with its role and department ids as the form edits them. */
export interface UserForEdit {
  user: UserRecord;
  roleIds: string[];
  departIds: string[];
}

const split = (text: string | null | undefined): string[] => (text ? text.split(',').filter(Boolean) : []);

export async function getUser(id: string): Promise<UserRecord> {
  return unwrapResult(await http.get<UserRecord>('/sys/user/queryById', { id }), '获取用户失败');
}

export async function getUserRoleIds(userid: string): Promise<string[] | null> {
  const res = await http.get<string[]>('/sys/user/queryUserRole', { userid });
  // '未找到用户相关角色信息': none (queryById's list is used then).
  if (!res.success) return null;
  return Array.isArray(res.result) ? res.result : [];
}

export async function getUserDeparts(userId: string): Promise<UserDepartOption[]> {
  const res = await http.get<UserDepartOption[]>('/sys/user/userDepartList', { userId });
  const list = unwrap(res, '获取用户部门失败');
  if (!Array.isArray(list)) throw new BusinessError('获取用户部门失败');
  return list;
}

export async function getUserForEdit(id: string): Promise<UserForEdit> {
  const [user, roles, departs] = await Promise.all([getUser(id), getUserRoleIds(id), getUserDeparts(id)]);
  return {
    user,
    roleIds: roles ?? split(user.selectedroles),
    departIds: departs.map((d) => d.value),
  };
}
