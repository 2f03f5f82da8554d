/**
 * Base dictionaries (contract §5, spec 000 §4): inserted by code when missing, items by value when
 * missing; existing rows are never overwritten (administrators may have edited them).
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export interface DictSeed {
  code: string;
  name: string;
  description?: string;
  /** sys_dict.type: 0 string values, 1 numeric values. */
  type?: 0 | 1;
  /** [value, text, color?] in display order. */
  items: readonly (readonly [value: string, text: string, color?: string])[];
}

export const DICTIONARIES: readonly DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    type: 1,
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    type: 1,
    items: [
      ['0', '正常'],
      ['1', '已删除'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    type: 1,
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'is_open',
    name: '是否启用',
    items: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['H', '高', 'red'],
      ['M', '中', 'orange'],
      ['L', '低', 'green'],
    ],
  },
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
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
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
    code: 'menu_type',
    name: '菜单类型',
    type: 1,
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '按钮权限状态',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 1,
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '编辑'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    type: 1,
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    items: [
      ['1', '员级'],
      ['2', '助级'],
      ['3', '中级'],
      ['4', '副高级'],
      ['5', '正高级'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    type: 1,
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'async_task_status',
    name: '异步任务状态',
    description: '任务中心：1 进行中（橙色），2 已完成（绿色，可下载），3 失败（红色，可重试）',
    items: [
      ['1', '进行中', 'orange'],
      ['2', '已完成', 'green'],
      ['3', '失败', 'red'],
    ],
  },
  {
    code: 'work_order_status',
    name: '工单状态',
    items: [
      ['0', '待处理'],
      ['1', '处理中'],
      ['2', '已完成'],
      ['3', '已关闭'],
    ],
  },
  {
    code: 'lg_base_settlement_org',
    name: '结算组织',
    description:
      '表字典：lg_base_settlement_org,name,id（结算组织 settlement_org 的名称与ID，仅启用的结算组织；第4段 bi = 当前用户所属的结算组织）。选项由服务端字段登记表提供，不在字典项中维护。',
    items: [],
  },
];

/** Creates the dictionary when it is missing and adds the items it lacks (an administrator's edits stay). */
export async function ensureDict(db: Db, d: DictSeed): Promise<void> {
  let row = await db.selectFrom('sysDict').select('id').where('dictCode', '=', d.code).executeTakeFirst();
  if (!row) {
    row = { id: newId() };
    await db
      .insertInto('sysDict')
      .values({
        id: row.id,
        dictName: d.name,
        dictCode: d.code,
        description: d.description ?? null,
        type: d.type ?? 0,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  const have = new Set(
    (await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', row.id).execute()).map(
      (r) => r.itemValue,
    ),
  );
  const missing = d.items.map((item, index) => ({ item, index })).filter(({ item }) => !have.has(item[0]));
  if (missing.length === 0) return;
  await db
    .insertInto('sysDictItem')
    .values(
      missing.map(({ item: [value, text, color], index }) => ({
        id: newId(),
        dictId: row.id,
        itemText: text,
        itemValue: value,
        itemColor: color ?? null,
        description: null,
        sortOrder: index + 1,
        status: 1,
        createBy: 'system',
        createTime: nowIso(),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
}

export async function seedDictionaries(db: Db): Promise<void> {
  for (const d of DICTIONARIES) await ensureDict(db, d);
}
