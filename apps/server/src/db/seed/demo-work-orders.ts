/** Demo work orders (HOUTAI_DEMO_DATA): a few in every status, with the history that led there. */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { shanghaiDate } from '../../lib/time.ts';
import { reserveOrderNumbers } from '../../modules/work-order/work-order.service.ts';

type Step =
  | { action: 'assign'; by: string; to: string; note?: string }
  | { action: 'complete' | 'close' | 'reopen' | 'comment'; by: string; note: string };

interface DemoOrder {
  title: string;
  content: string;
  priority: 'L' | 'M' | 'H';
  reporter: string;
  /** Days before now the order was created. */
  daysAgo: number;
  steps: readonly Step[];
}

const ORDERS: readonly DemoOrder[] = [
  {
    title: '打印机无法连接',
    content: '三楼财务室的打印机从早上开始无法打印，显示脱机。',
    priority: 'M',
    reporter: 'zhangsan',
    daysAgo: 0,
    steps: [],
  },
  {
    title: '申请开通报表查看权限',
    content: '需要查看本月的结算报表，请开通相应权限。',
    priority: 'L',
    reporter: 'wangwu',
    daysAgo: 1,
    steps: [],
  },
  {
    title: '凭证同步失败',
    content: '结算组织 SO002 的凭证同步到财务系统时报错，请协助排查。',
    priority: 'H',
    reporter: 'lisi',
    daysAgo: 1,
    steps: [{ action: 'assign', by: 'admin', to: 'zhangsan', note: '请今天内处理' }],
  },
  {
    title: '考勤数据缺失',
    content: '上周五的考勤记录没有同步到系统中。',
    priority: 'M',
    reporter: 'zhangsan',
    daysAgo: 2,
    steps: [
      { action: 'assign', by: 'admin', to: 'zhaoliu' },
      { action: 'comment', by: 'zhaoliu', note: '已联系考勤机厂商，等待回复。' },
    ],
  },
  {
    title: '新员工电脑配置',
    content: '下周一有两位新同事入职，需要准备电脑和账号。',
    priority: 'M',
    reporter: 'zhaoliu',
    daysAgo: 3,
    steps: [
      { action: 'assign', by: 'admin', to: 'zhangsan' },
      { action: 'complete', by: 'zhangsan', note: '电脑已装好系统，账号已开通。' },
    ],
  },
  {
    title: '邮箱容量不足',
    content: '邮箱提示容量已满，无法接收新邮件。',
    priority: 'L',
    reporter: 'lisi',
    daysAgo: 5,
    steps: [
      { action: 'assign', by: 'admin', to: 'zhangsan' },
      { action: 'complete', by: 'zhangsan', note: '已扩容至 10GB。' },
      { action: 'close', by: 'lisi', note: '确认可以正常收信，谢谢。' },
    ],
  },
  {
    title: '会议室投影仪故障',
    content: '二号会议室投影仪无信号。',
    priority: 'H',
    reporter: 'wangwu',
    daysAgo: 6,
    steps: [{ action: 'close', by: 'admin', note: '重复提交，已在另一工单中处理。' }],
  },
];

const STATUS_AFTER: Record<Step['action'], string | null> = {
  assign: '1',
  complete: '2',
  close: '3',
  reopen: '1',
  comment: null,
};

export async function seedDemoWorkOrders(db: Db, now = Date.now()): Promise<void> {
  const users = await db.selectFrom('sysUser').select(['id', 'username']).execute();
  const idOf = new Map(users.map((u) => [u.username, u.id]));
  const perDay = new Map<string, number>();
  // Oldest first, so that each day's numbers follow the creation order.
  const ordered = [...ORDERS].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [index, o] of ordered.entries()) {
    const reporterId = idOf.get(o.reporter);
    if (!reporterId) continue;
    const created = now - o.daysAgo * 86_400_000 - (ordered.length - index) * 600_000;
    const day = shanghaiDate(created).replace(/-/g, '');
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const id = newId();
    let status = '0';
    let assigneeId: string | null = null;
    let closed: { by: string; at: string; note: string } | null = null;
    let at = created;
    const logs = [
      {
        action: 'create',
        by: o.reporter,
        from: null as string | null,
        to: null as string | null,
        note: null as string | null,
        at,
      },
    ];
    for (const step of o.steps) {
      at += 3_600_000;
      const by = idOf.get(step.by);
      if (!by) continue;
      if (step.action === 'assign') {
        const to = idOf.get(step.to) ?? null;
        logs.push({ action: 'assign', by: step.by, from: assigneeId, to, note: step.note ?? null, at });
        assigneeId = to;
      } else {
        logs.push({ action: step.action, by: step.by, from: null, to: null, note: step.note, at });
      }
      if (step.action === 'close') closed = { by, at: new Date(at).toISOString(), note: step.note };
      if (step.action === 'reopen') closed = null;
      status = STATUS_AFTER[step.action] ?? status;
    }
    await db
      .insertInto('biWorkOrder')
      .values({
        id,
        orderNo: `GD${day}-${String(seq).padStart(4, '0')}`,
        title: o.title,
        content: o.content,
        priority: o.priority,
        status,
        reporterId,
        assigneeId,
        closedBy: closed?.by ?? null,
        closedTime: closed?.at ?? null,
        closeNote: closed?.note ?? null,
        createBy: o.reporter,
        createTime: new Date(created).toISOString(),
        updateBy: o.steps.length > 0 ? (o.steps[o.steps.length - 1]?.by ?? null) : null,
        updateTime: o.steps.length > 0 ? new Date(at).toISOString() : null,
        version: 1 + o.steps.filter((s) => s.action !== 'comment').length,
      })
      .execute();
    await db
      .insertInto('biWorkOrderLog')
      .values(
        logs.map((l, i) => ({
          // Ids in the order of the steps (the history is listed by time, then id).
          id: `${String(l.at).padStart(13, '0')}${String(i).padStart(6, '0')}${newId().slice(0, 13)}`,
          orderId: id,
          action: l.action,
          fromUser: l.from,
          toUser: l.to,
          note: l.note,
          createBy: l.by,
          createTime: new Date(l.at).toISOString(),
        })),
      )
      .execute();
  }
  // The day's counter must not hand out a number the demo took.
  for (const [day, last] of perDay) await reserveOrderNumbers(db, `GD${day}-`, last);
}
