/**
 * The rows of the excel benchmark, the same on every run and in every process: work order number i as the
 * database holds it (seeded before the server starts) and as the task-centre export shows it (the yardstick writes
 * exactly those cells), and import row i. Text is Chinese, of varied length, from a seeded generator (no repeating
 * pattern that deflate would find too easily).
 */

/** A person the orders name: their id, username and the name the export shows (realname, or username). */
export interface Person {
  id: string;
  username: string;
  name: string;
}

/** A row of bi_work_order, snake_case as the bench inserts it. */
export interface WorkOrderSeedRow {
  id: string;
  order_no: string;
  title: string;
  content: string;
  priority: string;
  status: string;
  reporter_id: string;
  assignee_id: string | null;
  closed_by: string | null;
  closed_time: string | null;
  close_note: string | null;
  create_by: string;
  create_time: string;
  update_by: string | null;
  update_time: string | null;
}

/** The export's columns, in order (the fields flagged `export` in apps/server/src/modules/work-order/work-order.fields.ts). */
export const EXPORT_TITLES = [
  '工单号',
  '标题',
  '内容',
  '优先级',
  '状态',
  '提交人',
  '处理人',
  '创建时间',
  '关闭人',
  '关闭时间',
];

/** The import template's columns. */
export const IMPORT_TITLES = ['标题', '内容', '优先级'];

/** Data rows per sheet, as XlsxWriter splits them. */
export const ROWS_PER_SHEET = 100_000;

const PRIORITY: readonly (readonly [string, string])[] = [
  ['H', '高'],
  ['M', '中'],
  ['L', '低'],
];
const STATUS: readonly (readonly [string, string])[] = [
  ['0', '待处理'],
  ['1', '处理中'],
  ['2', '已完成'],
  ['3', '已关闭'],
];

const SUBJECTS = [
  '打印机无法连接',
  '申请开通报表查看权限',
  '凭证同步失败',
  '考勤数据缺失',
  '结算单金额与台账不一致',
  '新员工账号开通',
  '会议室投影仪故障',
  '报销单据无法提交',
  '供应商资料变更',
  '系统登录提示密码过期',
  '月末关账数据核对',
  '发票信息录入错误',
  '网络时断时续',
  '邮箱容量已满',
  '合同归档申请',
  '固定资产盘点差异',
];
const PLACES = ['三楼财务室', '总部大厦', '华东结算中心', '二号仓库', '人事部', '研发中心', '客服中心', '北京分公司'];
const PHRASES = [
  '从早上开始一直无法正常使用',
  '已经重启过设备但问题依旧',
  '影响了本月的结算进度',
  '请尽快安排人员协助排查',
  '相关截图已经发给了值班同事',
  '上周也出现过类似的情况',
  '需要在今天下班前处理完毕',
  '涉及的单据编号见附件说明',
  '系统提示“操作超时，请稍后重试”',
  '客户那边正在催促答复',
  '请同时通知相关部门负责人',
  '数据以财务系统为准',
];

/** A small seeded generator (mulberry32), for the text pools. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32 well-mixed bits of (i, salt) (murmur3's finaliser): the row's choices, cheap enough to be noise. */
function mix(i: number, salt: number): number {
  let h = Math.imul(i ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

function text(r: () => number, parts: number): string {
  let s = `${pick(r, PLACES)}${pick(r, SUBJECTS)}，`;
  for (let k = 0; k < parts; k++) s += `${pick(r, PHRASES)}${k === parts - 1 ? '。' : '，'}`;
  return s;
}

/**
 * Texts are drawn from pools made once per process, so that making a row costs next to nothing: the yardstick's
 * time is exceljs's, not this generator's. 4,096 contents (1–3 sentences) and every subject × place title.
 */
const CONTENTS = (() => {
  const r = random(20230101);
  return Array.from({ length: 4096 }, () => text(r, 1 + Math.floor(r() * 3)));
})();
const TITLES = SUBJECTS.flatMap((subject) => PLACES.map((place) => `${subject}（${place}）`));

/** 2023-01-01 00:00 in Asia/Shanghai; order i was created i minutes later (1,440 a day, all before today). */
const BASE_MS = Date.parse('2023-01-01T00:00:00+08:00');
const MINUTE = 60_000;
const SHANGHAI_MS = 8 * 3_600_000;
const DAY_MINUTES = 1440;

/** 'YYYY-MM-DD' of day d after the base, 'HH:mm' of minute m of a day (cached: times are made by concatenation). */
const dayTexts: string[] = [];
function dayText(d: number): string {
  return (dayTexts[d] ??= new Date(BASE_MS + SHANGHAI_MS + d * DAY_MINUTES * MINUTE).toISOString().slice(0, 10));
}
const MINUTE_TEXTS = Array.from(
  { length: DAY_MINUTES },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`,
);
const ORDER_NUMBERS = Array.from({ length: DAY_MINUTES }, (_, m) => String(m + 1).padStart(4, '0'));

/** 'YYYY-MM-DD HH:mm:ss' at +08:00 of the minute `minutes` after the base, as the wire (and the export) shows it. */
function wireTime(minutes: number): string {
  return `${dayText(Math.floor(minutes / DAY_MINUTES))} ${MINUTE_TEXTS[minutes % DAY_MINUTES]!}`;
}

function isoOf(minutes: number): string {
  return new Date(BASE_MS + minutes * MINUTE).toISOString();
}

/** What order i is: indexes into the pools and lists (people by index), and its times in minutes after the base. */
interface Facts {
  title: string;
  content: string;
  priority: number;
  status: number;
  reporter: number;
  assignee: number | null;
  closer: number | null;
  /** Minutes after the base of the last change (assignment, completion or closing), or null. */
  changed: number | null;
}

function facts(i: number, people: number): Facts {
  const a = mix(i, 0x5eed);
  const b = mix(i, 0xbe7c);
  const status = a % STATUS.length;
  return {
    title: TITLES[(a >>> 4) % TITLES.length]!,
    content: CONTENTS[b & 4095]!,
    priority: (b >>> 12) % PRIORITY.length,
    status,
    reporter: (a >>> 12) % people,
    assignee: status === 0 ? null : (b >>> 16) % people,
    closer: status === 3 ? (a >>> 20) % people : null,
    changed: status === 0 ? null : i + ((b >>> 24) % 72) * 60 + 1,
  };
}

function hex32(i: number): string {
  let s = '';
  for (let k = 0; k < 4; k++)
    s += mix(i, 0x1d + k)
      .toString(16)
      .padStart(8, '0');
  return s;
}

/** Work order i as the database holds it. */
export function workOrderRow(i: number, people: readonly Person[]): WorkOrderSeedRow {
  const f = facts(i, people.length);
  const reporter = people[f.reporter]!;
  const assignee = f.assignee === null ? null : people[f.assignee]!;
  const closer = f.closer === null ? null : people[f.closer]!;
  return {
    id: hex32(i),
    order_no: `GD${dayText(Math.floor(i / DAY_MINUTES)).replace(/-/g, '')}-${ORDER_NUMBERS[i % DAY_MINUTES]!}`,
    title: f.title,
    content: f.content,
    priority: PRIORITY[f.priority]![0],
    status: STATUS[f.status]![0],
    reporter_id: reporter.id,
    assignee_id: assignee?.id ?? null,
    closed_by: closer?.id ?? null,
    closed_time: closer && f.changed !== null ? isoOf(f.changed) : null,
    close_note: closer ? '问题已解决，关闭工单' : null,
    create_by: reporter.username,
    create_time: isoOf(i),
    update_by: assignee?.username ?? null,
    update_time: f.changed !== null ? isoOf(f.changed) : null,
  };
}

const compactDays: string[] = [];

/**
 * The ten cells of order i as the export writes them (labels and names resolved, times at +08:00): the same
 * values as `workOrderRow(i)` shown through the export, made without building that row.
 */
export function exportedCells(i: number, people: readonly Person[]): (string | null)[] {
  const f = facts(i, people.length);
  const d = Math.floor(i / DAY_MINUTES);
  const day = (compactDays[d] ??= dayText(d).replace(/-/g, ''));
  return [
    `GD${day}-${ORDER_NUMBERS[i % DAY_MINUTES]!}`,
    f.title,
    f.content,
    PRIORITY[f.priority]![1],
    STATUS[f.status]![1],
    people[f.reporter]!.name,
    f.assignee === null ? null : people[f.assignee]!.name,
    wireTime(i),
    f.closer === null ? null : people[f.closer]!.name,
    f.closer === null || f.changed === null ? null : wireTime(f.changed),
  ];
}

/** Import row i: 标题, 内容, 优先级 (as the template's text). */
export function importCells(i: number): string[] {
  const a = mix(i, 0x1a9);
  return [
    `导入：${SUBJECTS[a % SUBJECTS.length]!} ${i + 1}`,
    CONTENTS[(a >>> 8) & 4095]!,
    PRIORITY[(a >>> 20) % 3]![1],
  ];
}
