/**
 * Seed step '0007-picker-demo-data': what the pickers of issue 12 read, so that each shows real rows on a fresh
 * start — positions (only when sys_position is empty: the base step seeds four), attendance shifts, the demo
 * accident rules with their two dictionaries — and the permission codes of the picker reads: 选择器查询
 * (system:picker:read) for the admin role and the staff roles where they exist (new installations give it to the
 * demo roles in demo.ts, which runs after the base steps), 查询角色 (system:role:list) for the admin role only.
 */
import { ACCIDENT_CATEGORY_DICT, ACCIDENT_LEVEL_DICT, PICKER_PERMISSIONS } from '@houtai/shared/contract/pickers';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { ensureDict } from './dictionaries.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';
import { seedPositions } from './positions.ts';
import { grant } from './work-orders.ts';

/** At the root, like the ERP entrance code: it belongs to no one screen (every picker reads with it). */
export const PICKER_READ_BUTTON: MenuSeed = buttonSeed('btn-picker-read', '选择器查询', PICKER_PERMISSIONS.read);
const ROLE_MENU = 'menu-system-role';
export const ROLE_LIST_BUTTON: MenuSeed = buttonSeed('btn-role-list', '查询角色', PICKER_PERMISSIONS.roleList);
/** Roles of the demo data that pick people at work (the guest role does not). */
const STAFF_ROLES = ['staff', 'finance'] as const;

export const SHIFTS = [
  { name: '标准班', amStart: '09:00', amEnd: '12:00', pmStart: '13:30', pmEnd: '18:00' },
  { name: '早班', amStart: '07:30', amEnd: '11:30', pmStart: '12:30', pmEnd: '15:30' },
  { name: '弹性班', amStart: '10:00', amEnd: '12:30', pmStart: '13:30', pmEnd: '19:00' },
  { name: '夏令时班', amStart: '08:30', amEnd: '12:00', pmStart: '14:30', pmEnd: '18:00' },
  { name: '冬令时班', amStart: '09:00', amEnd: '12:00', pmStart: '13:00', pmEnd: '17:30' },
  { name: '仓储白班', amStart: '08:00', amEnd: '12:00', pmStart: '13:00', pmEnd: '17:00' },
] as const;

const CATEGORIES = [
  ['transport', '交通运输'],
  ['warehouse', '仓储作业'],
  ['fire', '消防安全'],
  ['equipment', '设备设施'],
  ['infosec', '信息安全'],
  ['health', '职业健康'],
] as const;

const LEVELS = [
  ['1', 'I级（特别重大）', 'red'],
  ['2', 'II级（重大）', 'volcano'],
  ['3', 'III级（较大）', 'orange'],
  ['4', 'IV级（一般）', 'blue'],
] as const;

export const ACCIDENT_RULES = [
  [
    'transport',
    '3',
    '车辆追尾或刮擦事故',
    '运输途中发生追尾、刮擦，造成车辆损坏或货物受损，应在1小时内上报调度并拍照留存。',
  ],
  [
    'transport',
    '2',
    '运输途中人员受伤',
    '驾驶员或随车人员受伤需送医的，立即拨打120并上报安全负责人，24小时内提交书面报告。',
  ],
  ['transport', '4', '货物超时未送达', '货物晚于约定时间4小时以上送达的，记录原因并通知客户，纳入月度时效考核。'],
  ['warehouse', '3', '叉车作业碰撞', '叉车在库内碰撞货架或人员的，立即停止作业，检查货架结构，由仓储主管组织复盘。'],
  ['warehouse', '4', '货物错发漏发', '出库单与实际发货不符的，当日核对库存并补发，连续三次错发的拣货员暂停上岗培训。'],
  ['warehouse', '3', '高处货物坠落', '货物从二层以上货架坠落的，封闭相关区域，检查堆码高度与固定措施后方可恢复作业。'],
  ['fire', '1', '库区火情', '库区发现明火或冒烟的，立即启动消防应急预案，疏散人员并拨打119，30分钟内上报集团。'],
  ['fire', '4', '消防通道堵塞', '巡检发现消防通道被货物占用的，当班负责人2小时内清理，复查合格后关闭隐患单。'],
  [
    'equipment',
    '3',
    '冷链设备温度异常',
    '冷库或冷藏车温度超出设定范围30分钟以上的，转移受影响货物并通知设备维保单位。',
  ],
  ['equipment', '4', '电梯或升降平台故障', '货梯、升降平台运行异常的，立即停用并挂牌，由取得资质的维保人员检修。'],
  ['infosec', '2', '客户数据泄露', '发现客户资料被未授权访问或外传的，立即冻结相关账号，24小时内上报信息安全小组。'],
  ['infosec', '4', '钓鱼邮件点击', '员工点击可疑邮件链接或附件的，断开网络并重置密码，由信息技术部排查终端。'],
  ['health', '3', '高温作业中暑', '高温作业人员出现中暑症状的，移至阴凉处降温并送医，调整当日作业时段。'],
] as const;

async function seedShifts(db: Db): Promise<void> {
  const have = new Set((await db.selectFrom('hrAttendanceShift').select('name').execute()).map((r) => r.name));
  const rows = SHIFTS.map((s, index) => ({ s, index })).filter(({ s }) => !have.has(s.name));
  if (rows.length === 0) return;
  await db
    .insertInto('hrAttendanceShift')
    .values(
      rows.map(({ s, index }) => ({
        id: newId(),
        ...s,
        sortOrder: index + 1,
        sysOrgCode: 'A01',
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

async function seedAccidentRules(db: Db): Promise<void> {
  await ensureDict(db, {
    code: ACCIDENT_CATEGORY_DICT,
    name: '不良事件类别',
    description: '示例：不良事件规则的类别',
    items: CATEGORIES,
  });
  await ensureDict(db, {
    code: ACCIDENT_LEVEL_DICT,
    name: '不良事件等级',
    description: '示例：不良事件规则的等级，I级最重',
    items: LEVELS,
  });
  const have = new Set((await db.selectFrom('demoAdverseAccidentRule').select('title').execute()).map((r) => r.title));
  const rows = ACCIDENT_RULES.map((r, index) => ({ r, index })).filter(({ r }) => !have.has(r[2]));
  if (rows.length === 0) return;
  await db
    .insertInto('demoAdverseAccidentRule')
    .values(
      rows.map(({ r: [category, level, title, ruleDesc], index }) => ({
        id: newId(),
        category,
        level,
        title,
        ruleDesc,
        sortOrder: index + 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

async function roleId(db: Db, code: string): Promise<string | null> {
  return (await db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirst())?.id ?? null;
}

async function seedPickerPermissions(db: Db): Promise<void> {
  await ensureMenus(db, [PICKER_READ_BUTTON], null);
  const roleMenu = await db.selectFrom('sysPermission').select('id').where('id', '=', ROLE_MENU).executeTakeFirst();
  await ensureMenus(db, [ROLE_LIST_BUTTON], roleMenu ? roleMenu.id : null);
  if (roleMenu) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', roleMenu.id).execute();
  const admin = await roleId(db, ADMIN_ROLE);
  if (admin) await grant(db, admin, [PICKER_READ_BUTTON.id, ROLE_LIST_BUTTON.id]);
  for (const code of STAFF_ROLES) {
    const id = await roleId(db, code);
    if (id) await grant(db, id, [PICKER_READ_BUTTON.id]);
  }
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}

export async function seedPickerData(db: Db): Promise<void> {
  const position = await db.selectFrom('sysPosition').select('id').limit(1).executeTakeFirst();
  if (!position) await seedPositions(db);
  await seedShifts(db);
  await seedAccidentRules(db);
  await seedPickerPermissions(db);
}
