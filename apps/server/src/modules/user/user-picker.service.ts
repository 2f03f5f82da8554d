/**
 * The user pickers' reads: /sys/user/list, /sys/user/queryUserRealDeptData (both sorted by createTime desc unless a
 * registry column is named) and /sys/user/getMultiUser (stored values → users). Rows carry only what a picker
 * shows; phone and email only for a caller holding the user-administration code.
 */
import type { AdminUserListQuery } from '@houtai/shared/contract/admin-user';
import type { MultiUserQuery, PickerUser, UserRealDeptQuery } from '@houtai/shared/contract/pickers';
import { MULTI_USER_MAX, PICKER_TEXT } from '@houtai/shared/contract/pickers';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { offsetOf, pageOf, type PageOf } from '../../lib/page.ts';
import { toWireTime } from '../../lib/time.ts';
import { departNamesByIds, departSubtreeIds, membershipsOf } from '../depart/depart.service.ts';
import { dictItemsByCode } from '../dict/dict.service.ts';
import { positionNamesByCodes } from '../position/position.service.ts';
import * as repo from './user-picker.repository.ts';
import { superQueryWhere } from '../../registry/index.ts';

export interface UserPickerViewer {
  /** Holds the user-administration code: phone and email are included. */
  seesContact: boolean;
  /** Holds the user-administration list code: the screen's extra columns (avatar, identity, audit). */
  seesAdmin?: boolean;
}

/** A picker row, with the administration screen's columns for user administrators. */
export type ListedUser = PickerUser & Record<string, unknown>;

const splitList = (text: string | undefined): string[] => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

async function present(db: Db, rows: repo.PickerUserRow[], viewer: UserPickerViewer): Promise<ListedUser[]> {
  const managedIds = (r: repo.PickerUserRow) => splitList(r.departIds ?? undefined);
  const [members, sexes, statuses, posts, managed] = await Promise.all([
    membershipsOf(
      db,
      rows.map((r) => r.id),
    ),
    dictItemsByCode(db, 'sex'),
    dictItemsByCode(db, 'user_status'),
    positionNamesByCodes(db, [...new Set(rows.flatMap((r) => (r.post ? r.post.split(',') : [])))]),
    departNamesByIds(db, [...new Set(rows.flatMap(managedIds))]),
  ]);
  const sexText = new Map(sexes.map((d) => [d.value, d.text]));
  const statusText = new Map(statuses.map((d) => [d.value, d.text]));
  return rows.map((r) => {
    const m = members.get(r.id);
    const names = m?.departNames.join(',') || null;
    const user: ListedUser = {
      id: r.id,
      username: r.username,
      realname: r.realname,
      workNo: r.workNo,
      sex: r.sex,
      sex_dictText: r.sex === null ? null : (sexText.get(String(r.sex)) ?? null),
      orgCode: r.orgCode,
      orgCodeTxt: names,
      // Contract §2.7: `departIds` is sys_user.depart_ids, the departments a manager (userIdentity 2) is in charge of
      // (the Vue2 UserList's 负责部门 column and its form read them); the memberships are `orgCodeTxt`.
      departIds: r.departIds,
      departIds_dictText:
        managedIds(r)
          .map((id) => managed.get(id))
          .filter(Boolean)
          .join(',') || null,
      post: r.post,
      post_dictText: r.post
        ? r.post
            .split(',')
            .map((c) => posts.get(c) ?? c)
            .join(',')
        : null,
      status: r.status,
      // 离职 (3) until the user_status dictionary lists it (decisions-user.md).
      status_dictText: statusText.get(String(r.status)) ?? (r.status === 3 ? '离职' : null),
      createTime: toWireTime(r.createTime),
    };
    if (viewer.seesContact) {
      user.phone = r.phone;
      user.email = r.email;
    }
    if (viewer.seesAdmin) {
      user.avatar = r.avatar;
      user.nickname = r.nickname;
      user.telephone = r.telephone;
      user.birthday = r.birthday;
      user.userIdentity = r.userIdentity;
      user.userIdentity_dictText = r.userIdentity === 2 ? '上级' : r.userIdentity === 1 ? '普通成员' : null;
      user.createBy = r.createBy;
      user.updateBy = r.updateBy;
      user.updateTime = toWireTime(r.updateTime);
    }
    return user;
  });
}

/** The contract's default sort of user pickers (spec §9: createTime desc) when the client names none. */
function sortOf(q: { column?: string | undefined; order?: string | undefined }) {
  return q.column ? { column: q.column, order: q.order } : { column: 'create_time', order: q.order ?? 'desc' };
}

async function page(
  db: Db,
  filter: repo.UserPickerFilter,
  q: AdminUserListQuery | UserRealDeptQuery,
  viewer: UserPickerViewer,
): Promise<PageOf<ListedUser>> {
  const [total, rows] = await Promise.all([
    repo.countPickerUsers(db, filter),
    repo.pagePickerUsers(db, filter, sortOf(q), offsetOf(q), q.pageSize),
  ]);
  return pageOf(await present(db, rows, viewer), total, q);
}

async function departFilter(db: Db, departId: string | undefined): Promise<string[] | undefined> {
  return departId === undefined ? undefined : departSubtreeIds(db, departId);
}

/** The filters of /sys/user/list (also 用户导出's, user.tasks.ts). */
export async function userListFilter(
  db: Db,
  q: AdminUserListQuery,
  viewer: UserPickerViewer,
): Promise<repo.UserPickerFilter> {
  return {
    username: q.username,
    realname: q.realname,
    status: q.status === undefined ? undefined : Number(q.status),
    // A phone filter only for those who see phones: nobody else may probe them.
    phone: viewer.seesContact ? q.phone : undefined,
    workNo: q.workNo,
    sex: q.sex,
    departIds: await departFilter(db, q.departId),
    ids: q.code === undefined ? undefined : splitList(q.code).slice(0, MULTI_USER_MAX),
    roleId: q.roleId,
    where: superQueryWhere('sys_user', q),
  };
}

/** GET /sys/user/list: the pickers' page and the administration screen's (phone, workNo, sex; status 3; role). */
export async function listUsers(db: Db, q: AdminUserListQuery, viewer: UserPickerViewer): Promise<PageOf<ListedUser>> {
  return page(db, await userListFilter(db, q, viewer), q, viewer);
}

/** The user picker's table: users of a department (and its sub-departments), searchable by username/realname. */
export async function listUsersByDepart(
  db: Db,
  q: UserRealDeptQuery,
  viewer: UserPickerViewer,
): Promise<PageOf<ListedUser>> {
  const filter: repo.UserPickerFilter = {
    username: q.username,
    realname: q.realname,
    departIds: await departFilter(db, q.departId),
    where: superQueryWhere('sys_user', q),
  };
  return page(db, filter, q, viewer);
}

/** The users a stored value names (comma list of usernames, or of ids with store=id), in the order given. */
export async function multiUser(db: Db, q: MultiUserQuery, viewer: UserPickerViewer): Promise<ListedUser[]> {
  const field = q.store ?? (q.username === undefined && q.id !== undefined ? 'id' : 'username');
  const values = splitList(field === 'id' ? (q.id ?? q.username) : (q.username ?? q.id));
  if (values.length > MULTI_USER_MAX) throw AppError.business(PICKER_TEXT.tooManyValues);
  const rows = await repo.findPickerUsersBy(db, field, values);
  const byValue = new Map(rows.map((r) => [field === 'id' ? r.id : r.username, r]));
  const ordered = values.map((v) => byValue.get(v)).filter((r): r is repo.PickerUserRow => r !== undefined);
  return present(db, ordered, viewer);
}

/**
 * GET /sys/user/queryUserByDepId: the users of one department (not its sub-departments), optionally by real name,
 * as a plain list (at most DEPART_USERS_MAX, by username).
 */
export async function listUsersOfDepart(
  db: Db,
  q: { id: string; realname?: string | undefined },
  viewer: UserPickerViewer,
): Promise<ListedUser[]> {
  const rows = await repo.pagePickerUsers(
    db,
    { departIds: [q.id], realname: q.realname },
    { column: 'username', order: 'asc' },
    0,
    DEPART_USERS_MAX,
  );
  return present(db, rows, viewer);
}

export const DEPART_USERS_MAX = 1000;
