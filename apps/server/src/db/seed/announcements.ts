/**
 * Seed step '0002-announcements': the permission codes of the announcement screens and the notice banner's
 * edit (granted to the admin role only), and the announcement dictionaries that an installation lacks.
 */
import { ANNOUNCEMENT_PERMISSIONS } from '@houtai/shared/contract/announcement';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';

const ANNOUNCEMENT_MENU = 'menu-system-announcement';
const NOTICE_MENU = 'menu-system-notice';

const button = buttonSeed;

const BUTTONS: readonly { parentId: string; buttons: readonly MenuSeed[] }[] = [
  {
    parentId: ANNOUNCEMENT_MENU,
    buttons: [
      button('btn-announcement-list', '查看系统通告', ANNOUNCEMENT_PERMISSIONS.list),
      button('btn-announcement-add', '添加系统通告', ANNOUNCEMENT_PERMISSIONS.add),
      button('btn-announcement-edit', '编辑系统通告', ANNOUNCEMENT_PERMISSIONS.edit),
      button('btn-announcement-delete', '删除系统通告', ANNOUNCEMENT_PERMISSIONS.delete),
      button('btn-announcement-release', '发布/撤销系统通告', ANNOUNCEMENT_PERMISSIONS.release),
    ],
  },
  { parentId: NOTICE_MENU, buttons: [button('btn-notice-edit', '编辑通知横幅', ANNOUNCEMENT_PERMISSIONS.noticeEdit)] },
];

interface DictAddition {
  code: string;
  name: string;
  items: readonly (readonly [value: string, text: string])[];
}

/** The dictionaries the announcement screens read; the base step already seeds most of them. */
const DICTS: readonly DictAddition[] = [
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
      ['3', '网关消息'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '低'],
      ['M', '中'],
      ['H', '高'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['ALL', '全体用户'],
      ['USER', '指定用户'],
      ['DEPART', '指定部门'],
    ],
  },
];

/** Items that are new with this step: added to an existing dictionary (others an administrator may have removed). */
const NEW_ITEMS: Readonly<Record<string, readonly string[]>> = { msg_type: ['DEPART'] };

async function ensureDictionary(db: Db, d: DictAddition): Promise<void> {
  const existing = await db.selectFrom('sysDict').select('id').where('dictCode', '=', d.code).executeTakeFirst();
  const dictId = existing?.id ?? newId();
  if (!existing) {
    await db
      .insertInto('sysDict')
      .values({
        id: dictId,
        dictName: d.name,
        dictCode: d.code,
        description: null,
        type: 0,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  const have = new Set(
    (await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', dictId).execute()).map(
      (r) => r.itemValue,
    ),
  );
  const wanted = existing ? (NEW_ITEMS[d.code] ?? []) : d.items.map(([value]) => value);
  const rows = d.items
    .map(([value, text], index) => ({ value, text, index }))
    .filter((i) => wanted.includes(i.value) && !have.has(i.value));
  if (rows.length === 0) return;
  await db
    .insertInto('sysDictItem')
    .values(
      rows.map((i) => ({
        id: newId(),
        dictId,
        itemText: i.text,
        itemValue: i.value,
        itemColor: null,
        description: null,
        sortOrder: i.index + 1,
        status: 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

export async function seedAnnouncementBase(db: Db): Promise<void> {
  for (const d of DICTS) await ensureDictionary(db, d);

  const newIds: string[] = [];
  for (const group of BUTTONS) {
    const parent = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('id', '=', group.parentId)
      .executeTakeFirst();
    // An installation whose administrator removed the screen gets the codes at the top level.
    await ensureMenus(db, group.buttons, parent ? parent.id : null);
    if (parent) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
    newIds.push(...group.buttons.map((b) => b.id));
  }

  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin) {
    const have = new Set(
      (
        await db
          .selectFrom('sysRolePermission')
          .select('permissionId')
          .where('roleId', '=', admin.id)
          .where('permissionId', 'in', newIds)
          .execute()
      ).map((r) => r.permissionId),
    );
    const missing = newIds.filter((id) => !have.has(id));
    if (missing.length > 0) {
      await db
        .insertInto('sysRolePermission')
        .values(
          missing.map((permissionId) => ({
            id: newId(),
            roleId: admin.id,
            permissionId,
            dataRuleIds: null,
            operateDate: nowIso(),
            operateIp: null,
          })),
        )
        .execute();
    }
  }
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
