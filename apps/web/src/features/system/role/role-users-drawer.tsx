/**
 * 用户 of a role (角色管理): the users holding the role, searched by account and name; 添加已有用户 picks normal
 * users to give the role to; 取消关联 takes it from one user or from the ticked ones.
 */
import { MembersDrawer, type MembersDrawerTexts } from '../../../widgets/members-drawer/members-drawer.tsx';
import { useAddRoleUsers } from './api/add-role-users.ts';
import { listRoleUsers } from './api/list-role-users.ts';
import { useRemoveRoleUsers } from './api/remove-role-users.ts';
import { ROLE_KEYS } from './api/role-keys.ts';

export interface RoleUsersTarget {
  id: string;
  roleName: string;
}

const TEXTS: MembersDrawerTexts = {
  title: '角色用户',
  loadError: '角色用户加载失败',
  empty: '该角色暂无用户',
  add: '添加已有用户',
  added: '添加成功！',
  remove: '取消关联',
  removeConfirm: '确定取消该用户与角色的关联吗?',
  removed: '取消关联成功',
  removeTicked: '批量取消关联',
  removeTickedTitle: '确认取消关联',
  removeTickedContent: (n) => `是否取消选中的 ${n} 个用户与该角色的关联?`,
};

export function RoleUsersDrawer({ role, onClose }: { role: RoleUsersTarget | null; onClose: () => void }) {
  return (
    <MembersDrawer
      owner={role && { id: role.id, name: role.roleName }}
      onClose={onClose}
      texts={TEXTS}
      testId="role-users"
      queryKey={ROLE_KEYS.users}
      load={listRoleUsers}
      add={useAddRoleUsers()}
      remove={useRemoveRoleUsers()}
    />
  );
}
