/** The user form's values and their wire bodies (add and edit), kept pure so that tests can read them. */
import dayjs, { type Dayjs } from 'dayjs';
import { USER_IDENTITY } from '@houtai/shared/contract/admin-user';
import type { UserForEdit } from './api/get-user.ts';

export interface UserFormValues {
  username?: string;
  password?: string;
  confirmpassword?: string;
  realname?: string;
  workNo?: string;
  /** 手机号 (the wire's `phone`). */
  phone?: string;
  email?: string;
  /** 座机 (the wire's `telephone`). */
  telephone?: string;
  sex?: string;
  birthday?: Dayjs | null;
  /** Department ids, comma-joined (the department picker's value). */
  selecteddeparts?: string;
  userIdentity?: number;
  /** Departments managed by a 上级, comma-joined. */
  departIds?: string;
  selectedroles?: string[];
  /** Position codes. */
  post?: string[];
  settlementOrgIds?: string[];
  /** The stored avatar path (the image uploader's value). */
  avatar?: string;
}

/** Every field of the form: a schema message for any other name goes to a message. */
export const USER_FORM_FIELDS = [
  'username',
  'password',
  'confirmpassword',
  'realname',
  'workNo',
  'phone',
  'email',
  'telephone',
  'sex',
  'birthday',
  'selecteddeparts',
  'userIdentity',
  'departIds',
  'selectedroles',
  'post',
  'settlementOrgIds',
  'avatar',
] as const;

const split = (text: string | null | undefined): string[] => (text ? text.split(',').filter(Boolean) : []);

export function toFormValues(source: UserForEdit | null): UserFormValues {
  if (!source) return { userIdentity: USER_IDENTITY.member, selectedroles: [], post: [], settlementOrgIds: [] };
  const { user, roleIds, departIds } = source;
  return {
    username: user.username,
    realname: user.realname,
    workNo: user.workNo ?? undefined,
    phone: user.phone ?? undefined,
    email: user.email ?? undefined,
    telephone: user.telephone ?? undefined,
    sex: user.sex === null ? undefined : String(user.sex),
    birthday: user.birthday ? dayjs(user.birthday) : null,
    selecteddeparts: departIds.join(','),
    userIdentity: user.userIdentity ?? USER_IDENTITY.member,
    departIds: user.departIds ?? '',
    selectedroles: roleIds,
    post: split(user.post),
    settlementOrgIds: split(user.settlementOrgIds),
    avatar: user.avatar ?? '',
  };
}

/**
 * The body the shared schema checks: lists as arrays (the schema also reads "a,b"), blanks as undefined, the
 * managed departments only for a 上级. An edit sends every list, so that emptying one clears it.
 */
export function toWireBody(v: UserFormValues, edit: { id: string; version: number } | null): Record<string, unknown> {
  const manager = v.userIdentity === USER_IDENTITY.manager;
  const common = {
    realname: v.realname,
    workNo: v.workNo,
    phone: v.phone,
    email: v.email,
    telephone: v.telephone,
    sex: v.sex,
    birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : undefined,
    avatar: v.avatar || undefined,
    userIdentity: v.userIdentity,
    selectedroles: v.selectedroles ?? [],
    selecteddeparts: split(v.selecteddeparts),
    departIds: manager ? split(v.departIds) : [],
    post: v.post ?? [],
    settlementOrgIds: v.settlementOrgIds ?? [],
  };
  if (edit) return { id: edit.id, version: edit.version, ...common };
  return { username: v.username, password: v.password, confirmpassword: v.confirmpassword, ...common };
}
