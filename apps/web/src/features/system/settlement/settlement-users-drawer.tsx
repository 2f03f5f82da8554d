/**
 * 用户 of a settlement organisation (结算组织): the users linked to it, searched by account and name; 添加用户 picks
 * normal users with the user picker; 移除 unlinks one user or the ticked ones. An organisation with users cannot be
 * deleted (the server says so), so this is where they are taken off first.
 */
import { ADMIN_PERMISSIONS } from '@houtai/shared/contract/admin';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { MembersDrawer, type MembersDrawerTexts } from '../../../widgets/members-drawer/members-drawer.tsx';
import { SETTLEMENT_KEYS } from './api/settlement-keys.ts';
import { listSettlementUsers, useAddSettlementUsers, useRemoveSettlementUsers } from './api/settlement-users.ts';

export interface SettlementUsersTarget {
  id: string;
  name: string;
}

const TEXTS: MembersDrawerTexts = {
  title: '结算组织用户',
  loadError: '结算组织用户加载失败',
  empty: '该结算组织暂无用户',
  add: '添加用户',
  added: '添加成功！',
  remove: '移除',
  removeConfirm: '确定将该用户移出结算组织吗?',
  removed: '移除成功',
  removeTicked: '批量移除',
  removeTickedTitle: '确认移除',
  removeTickedContent: (n) => `是否将选中的 ${n} 个用户移出该结算组织?`,
};

export function SettlementUsersDrawer({ org, onClose }: { org: SettlementUsersTarget | null; onClose: () => void }) {
  return (
    <MembersDrawer
      owner={org}
      onClose={onClose}
      texts={TEXTS}
      testId="settlement-users"
      queryKey={SETTLEMENT_KEYS.users}
      load={listSettlementUsers}
      add={useAddSettlementUsers()}
      remove={useRemoveSettlementUsers()}
      canEdit={useHasPermission(ADMIN_PERMISSIONS.settlement.edit)}
    />
  );
}
