/**
 * Seed step '0020-accounting' (issue 15): the chart of accounts under 企业会计准则 (first-level codes with the
 * 应交增值税 进项/销项 and 管理费用 sub-accounts the templates need), one voucher template per business source leaf
 * under A01 (价税分离: the tax goes to 222101 进项税额 on purchases and costs, to 222102 销项税额 on sales), the main
 * ledger of each seeded organisation, the 业务数据 screen, the accounting permission codes as buttons (granted to
 * the admin role) and the dictionaries the lists show. A frozen snapshot: later changes go into a new step.
 */
import { ACCOUNTING_PERMISSIONS } from '@houtai/shared/contract/accounting';
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ADMIN_ROLE } from '../../modules/role/role.service.ts';
import { ensureMenus } from './base.ts';
import { ensureDict, type DictSeed } from './dictionaries.ts';
import { buttonSeed, type MenuSeed } from './menus.ts';
import { grant } from './work-orders.ts';

type Side = 'D' | 'C';

/** [code, name, direction, category] — a sub-account's parent is its code without the last two digits. */
export const SUBJECTS: readonly (readonly [code: string, name: string, direction: Side, category: string])[] = [
  ['1001', '库存现金', 'D', '资产'],
  ['1002', '银行存款', 'D', '资产'],
  ['1012', '其他货币资金', 'D', '资产'],
  ['1122', '应收账款', 'D', '资产'],
  ['1123', '预付账款', 'D', '资产'],
  ['1221', '其他应收款', 'D', '资产'],
  ['1403', '原材料', 'D', '资产'],
  ['1405', '库存商品', 'D', '资产'],
  ['1601', '固定资产', 'D', '资产'],
  ['1602', '累计折旧', 'C', '资产'],
  ['2001', '短期借款', 'C', '负债'],
  ['2202', '应付账款', 'C', '负债'],
  ['2203', '预收账款', 'C', '负债'],
  ['2211', '应付职工薪酬', 'C', '负债'],
  ['2221', '应交税费', 'C', '负债'],
  ['222101', '应交增值税（进项税额）', 'D', '负债'],
  ['222102', '应交增值税（销项税额）', 'C', '负债'],
  ['2241', '其他应付款', 'C', '负债'],
  ['4001', '实收资本', 'C', '所有者权益'],
  ['4103', '本年利润', 'C', '所有者权益'],
  ['4104', '利润分配', 'C', '所有者权益'],
  ['5001', '生产成本', 'D', '成本'],
  ['6001', '主营业务收入', 'C', '损益'],
  ['6051', '其他业务收入', 'C', '损益'],
  ['6401', '主营业务成本', 'D', '损益'],
  ['6601', '销售费用', 'D', '损益'],
  ['6602', '管理费用', 'D', '损益'],
  ['660201', '差旅费', 'D', '损益'],
  ['660202', '办公费', 'D', '损益'],
  ['6603', '财务费用', 'D', '损益'],
];

type Kind = 'gross' | 'net' | 'tax';
type TemplateLine = readonly [side: Side, subject: string, kind: Kind];

const PURCHASE: readonly TemplateLine[] = [
  ['D', '1405', 'net'],
  ['D', '222101', 'tax'],
  ['C', '2202', 'gross'],
];
const SALE: readonly TemplateLine[] = [
  ['D', '1122', 'gross'],
  ['C', '6001', 'net'],
  ['C', '222102', 'tax'],
];
const cost = (subject: string, paidFrom: string): readonly TemplateLine[] => [
  ['D', subject, 'net'],
  ['D', '222101', 'tax'],
  ['C', paidFrom, 'gross'],
];
const reversed = (lines: readonly TemplateLine[]): readonly TemplateLine[] =>
  lines.map(([side, subject, kind]) => [side === 'D' ? 'C' : 'D', subject, kind] as const);

/** One template per business source leaf under A01 (seed/categories.ts). */
export const TEMPLATES: readonly (readonly [source: string, name: string, lines: readonly TemplateLine[]])[] = [
  ['A01A01A01', '采购入库', PURCHASE],
  ['A01A01A02', '采购退货', reversed(PURCHASE)],
  ['A01A01A03', '采购发票', cost('1403', '2202')],
  ['A01A02A01', '销售出库', SALE],
  ['A01A02A02', '销售退货', reversed(SALE)],
  ['A01A02A03A01', '增值税专用发票', SALE],
  ['A01A02A03A02', '增值税普通发票', SALE],
  ['A01A03A01', '运输费用', cost('6601', '2202')],
  ['A01A03A02', '仓储费用', cost('6601', '2202')],
  ['A01A04A01', '差旅费', cost('660201', '1002')],
  ['A01A04A02', '办公费', cost('660202', '1002')],
  [
    'A01A05A01',
    '收款',
    [
      ['D', '1002', 'gross'],
      ['C', '1122', 'gross'],
    ],
  ],
  [
    'A01A05A02',
    '付款',
    [
      ['D', '2202', 'gross'],
      ['C', '1002', 'gross'],
    ],
  ],
];

/** Each seeded organisation's main ledger (its documents are vouchered there). */
export const MAIN_LEDGERS = ['L001', 'L003', 'L004'] as const;

const ACCOUNTING_MENUS: readonly MenuSeed[] = [
  {
    id: 'menu-accounting-biz-record',
    name: '业务数据',
    url: '/accounting/bizRecord',
    component: 'accounting/BizRecordList',
    componentName: 'accounting-bizRecord',
    sortNo: 2,
  },
  {
    id: 'menu-accounting-subject',
    name: '会计科目',
    url: '/accounting/subject',
    component: 'accounting/SubjectList',
    componentName: 'accounting-subject',
    sortNo: 3,
  },
  {
    id: 'menu-accounting-template',
    name: '凭证模板',
    url: '/accounting/template',
    component: 'accounting/VoucherTemplateList',
    componentName: 'accounting-template',
    sortNo: 4,
  },
  {
    id: 'menu-accounting-ledger',
    name: '账簿管理',
    url: '/accounting/ledger',
    component: 'accounting/LedgerList',
    componentName: 'accounting-ledger',
    sortNo: 5,
  },
];

export const ACCOUNTING_PERMISSION_NAMES: Readonly<Record<string, string>> = {
  [ACCOUNTING_PERMISSIONS.view]: '查看单据与凭证',
  [ACCOUNTING_PERMISSIONS.generate]: '生成单据',
  [ACCOUNTING_PERMISSIONS.sync]: '同步凭证',
  [ACCOUNTING_PERMISSIONS.close]: '结账',
  [ACCOUNTING_PERMISSIONS.reopen]: '反结账',
  [ACCOUNTING_PERMISSIONS.bizRecordView]: '业务数据查看',
  [ACCOUNTING_PERMISSIONS.bizRecordEdit]: '业务数据维护',
  [ACCOUNTING_PERMISSIONS.bizRecordImport]: '业务数据导入',
  [ACCOUNTING_PERMISSIONS.bizRecordExport]: '业务数据导出',
  [ACCOUNTING_PERMISSIONS.subjectEdit]: '会计科目维护',
  [ACCOUNTING_PERMISSIONS.templateEdit]: '凭证模板维护',
  [ACCOUNTING_PERMISSIONS.ledgerEdit]: '账簿维护',
};

/** Codes under the workspace's menu; the rest go under 业务数据. */
const WORKSPACE_CODES: readonly string[] = [
  ACCOUNTING_PERMISSIONS.view,
  ACCOUNTING_PERMISSIONS.generate,
  ACCOUNTING_PERMISSIONS.sync,
  ACCOUNTING_PERMISSIONS.close,
  ACCOUNTING_PERMISSIONS.reopen,
  ACCOUNTING_PERMISSIONS.subjectEdit,
  ACCOUNTING_PERMISSIONS.templateEdit,
  ACCOUNTING_PERMISSIONS.ledgerEdit,
];

export const ACCOUNTING_DICTIONARIES: readonly DictSeed[] = [
  {
    code: 'acc_biz_status',
    name: '业务数据状态',
    items: [
      ['0', '未生成'],
      ['1', '已生成'],
    ],
  },
  {
    code: 'acc_voucher_status',
    name: '凭证状态',
    items: [
      ['0', '草稿'],
      ['1', '已过账'],
    ],
  },
  {
    code: 'acc_sync_status',
    name: '凭证同步结果',
    items: [
      ['1', '成功'],
      ['0', '失败'],
    ],
  },
];

export function accountingButtonId(code: string): string {
  return `btn-acc-${code.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

async function seedSubjects(db: Db): Promise<void> {
  const have = new Set((await db.selectFrom('accSubject').select('code').execute()).map((r) => r.code));
  const rows = SUBJECTS.filter(([code]) => !have.has(code)).map(([code, name, direction, category]) => ({
    id: newId(),
    code,
    name,
    parentCode: code.length > 4 ? code.slice(0, -2) : null,
    direction,
    category,
    level: (code.length - 2) / 2,
    createBy: 'system',
    createTime: nowIso(),
    updateBy: null,
    updateTime: null,
  }));
  if (rows.length > 0) await db.insertInto('accSubject').values(rows).execute();
}

async function seedTemplates(db: Db): Promise<void> {
  for (const [source, name, lines] of TEMPLATES) {
    const exists = await db
      .selectFrom('accVoucherTemplate')
      .select('id')
      .where('dataSource', '=', source)
      .executeTakeFirst();
    if (exists) continue;
    const id = newId();
    await db
      .insertInto('accVoucherTemplate')
      .values({
        id,
        dataSource: source,
        name,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('accVoucherTemplateLine')
      .values(
        lines.map(([side, subjectCode, amountKind], i) => ({
          id: newId(),
          templateId: id,
          lineNo: i + 1,
          side,
          subjectCode,
          amountKind,
          summary: null,
        })),
      )
      .execute();
  }
}

export async function seedAccounting(db: Db): Promise<void> {
  await seedSubjects(db);
  await seedTemplates(db);
  await db
    .updateTable('ledger')
    .set({ isMain: '1' })
    .where('code', 'in', [...MAIN_LEDGERS])
    .execute();

  const parent = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('id', '=', 'menu-accounting')
    .executeTakeFirst();
  await ensureMenus(db, ACCOUNTING_MENUS, parent?.id ?? null);
  const granted = ACCOUNTING_MENUS.map((m) => m.id);
  const carried = new Set(
    (await db.selectFrom('sysPermission').select('perms').where('perms', 'is not', null).execute()).map((r) => r.perms),
  );
  for (const [menuId, codes] of [
    ['menu-accounting-workspace', WORKSPACE_CODES],
    ['menu-accounting-biz-record', Object.values(ACCOUNTING_PERMISSIONS).filter((c) => !WORKSPACE_CODES.includes(c))],
  ] as const) {
    const buttons = codes
      .filter((code) => !carried.has(code))
      .map((code) => buttonSeed(accountingButtonId(code), ACCOUNTING_PERMISSION_NAMES[code] ?? code, code));
    const menu = await db.selectFrom('sysPermission').select('id').where('id', '=', menuId).executeTakeFirst();
    await ensureMenus(db, buttons, menu?.id ?? null);
    if (menu) await db.updateTable('sysPermission').set({ isLeaf: 0 }).where('id', '=', menu.id).execute();
    granted.push(...buttons.map((b) => b.id));
  }
  for (const d of ACCOUNTING_DICTIONARIES) await ensureDict(db, d);
  const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE).executeTakeFirst();
  if (admin) await grant(db, admin.id, granted);
  await db
    .updateTable('sysCacheEpoch')
    .set((eb) => ({ epoch: eb('epoch', '+', 1) }))
    .where('name', '=', 'permission')
    .execute();
}
