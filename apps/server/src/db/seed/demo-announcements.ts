/**
 * Demo announcements (first start with demo data only), so that a newcomer's bell rings: a published notice to
 * everyone, a system message to admin, a pay slip (工资条, with an image) to a few people, one to a department,
 * and a draft and a revoked one for the administration list.
 */
import type { Db } from '../connection.ts';
import { newId } from '../../lib/ids.ts';
import { markdownToAnnouncementHtml } from '../../modules/announcement/announcement-html.ts';

interface DemoAnnouncement {
  titile: string;
  msgContent: string;
  msgCategory: '1' | '2' | '3';
  priority: 'L' | 'M' | 'H';
  msgType: 'ALL' | 'USER' | 'DEPART';
  sendStatus: '0' | '1' | '2';
  /** Usernames (USER) or org codes (DEPART). */
  to?: readonly string[];
  openType?: 'component' | 'url';
  openPage?: string;
  msgAbstract?: string;
  /** Minutes before now it was written (and, when published, sent a minute later). */
  minutesAgo: number;
}

/**
 * The pay slip's image is a same-origin file of the web app (apps/web/public/demo/payslip.png), so the page's
 * CSP allows it and no third party sees who reads the message.
 */
export const DEMO_PAYSLIP_IMAGE = '/demo/payslip.png';

export const DEMO_ANNOUNCEMENTS: readonly DemoAnnouncement[] = [
  {
    titile: '关于系统升级维护的通知',
    msgContent: [
      '## 系统升级维护',
      '',
      '为提升系统稳定性，后台管理系统将于 **本周日 02:00–04:00** 进行例行升级维护。',
      '',
      '- 维护期间系统暂停访问，请提前保存工作；',
      '- 升级完成后请清除浏览器缓存后重新登录；',
      '- 如有疑问请联系信息技术部。',
    ].join('\n'),
    msgCategory: '1',
    priority: 'H',
    msgType: 'ALL',
    sendStatus: '1',
    msgAbstract: '本周日 02:00–04:00 例行升级维护',
    minutesAgo: 180,
  },
  {
    titile: '消息中心上线啦',
    msgContent: '点击右上角的铃铛即可查看未读通知，在 **我的消息** 中可以查看全部历史消息。',
    msgCategory: '2',
    priority: 'M',
    msgType: 'USER',
    sendStatus: '1',
    to: ['admin'],
    openType: 'component',
    openPage: '/isps/userAnnouncement',
    minutesAgo: 120,
  },
  {
    titile: '2026年10月工资条',
    msgContent: [
      '您好，以下是您 2026 年 10 月的工资明细，请注意查收。',
      '',
      '| 项目 | 金额（元） |',
      '| --- | ---: |',
      '| 基本工资 | 8,000.00 |',
      '| 绩效奖金 | 1,500.00 |',
      '| 社保公积金 | -1,320.00 |',
      '| 个人所得税 | -105.40 |',
      '| **实发合计** | **8,074.60** |',
      '',
      `![工资条](${DEMO_PAYSLIP_IMAGE})`,
      '',
      '如对工资明细有疑问，请在 3 个工作日内联系人力资源部。',
    ].join('\n'),
    msgCategory: '2',
    priority: 'M',
    msgType: 'USER',
    sendStatus: '1',
    to: ['admin', 'zhangsan', 'lisi'],
    msgAbstract: '2026年10月工资明细',
    minutesAgo: 60,
  },
  {
    titile: '华东事业部季度总结会安排',
    msgContent: '请华东事业部全体同事于 **周五 14:00** 到 3 楼大会议室参加季度总结会。',
    msgCategory: '1',
    priority: 'M',
    msgType: 'DEPART',
    sendStatus: '1',
    to: ['A03'],
    minutesAgo: 30,
  },
  {
    titile: '端午节放假安排（草稿）',
    msgContent: '端午节放假安排待人力资源部确认后发布。',
    msgCategory: '1',
    priority: 'L',
    msgType: 'ALL',
    sendStatus: '0',
    minutesAgo: 20,
  },
  {
    titile: '食堂临时停业通知（已撤销）',
    msgContent: '原定的食堂停业安排取消，食堂照常营业。',
    msgCategory: '1',
    priority: 'L',
    msgType: 'ALL',
    sendStatus: '2',
    minutesAgo: 240,
  },
];

async function userIdsOf(db: Db, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('sysUser')
    .select('id')
    .where('username', 'in', usernames)
    .where('delFlag', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

async function departIdsOf(db: Db, orgCodes: readonly string[]): Promise<string[]> {
  if (orgCodes.length === 0) return [];
  const rows = await db.selectFrom('sysDepart').select('id').where('orgCode', 'in', orgCodes).execute();
  return rows.map((r) => r.id);
}

async function addresseesOf(db: Db, a: DemoAnnouncement): Promise<string[]> {
  if (a.msgType === 'USER') return userIdsOf(db, a.to ?? []);
  if (a.msgType === 'DEPART') {
    const codes = a.to ?? [];
    if (codes.length === 0) return [];
    const rows = await db
      .selectFrom('sysUser as u')
      .innerJoin('sysUserDepart as ud', 'ud.userId', 'u.id')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select('u.id')
      .distinct()
      .where('u.delFlag', '=', 0)
      .where('u.status', '=', 1)
      // Demo org codes are constants: a plain prefix match is enough here.
      .where((eb) => eb.or(codes.map((c) => eb('d.orgCode', 'like', `${c}%`))))
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db.selectFrom('sysUser').select('id').where('delFlag', '=', 0).where('status', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** Inserts the demo announcements (the demo users must exist). */
export async function seedDemoAnnouncements(db: Db, now = Date.now()): Promise<void> {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  for (const a of DEMO_ANNOUNCEMENTS) {
    const id = newId();
    const userIds = a.msgType === 'USER' ? await userIdsOf(db, a.to ?? []) : [];
    const departIds = a.msgType === 'DEPART' ? await departIdsOf(db, a.to ?? []) : [];
    const published = a.sendStatus !== '0';
    await db
      .insertInto('sysAnnouncement')
      .values({
        id,
        titile: a.titile,
        // Stored as the editor stores it: sanitised HTML, with the Markdown kept for re-editing.
        msgContent: markdownToAnnouncementHtml(a.msgContent),
        msgContentMd: a.msgContent,
        startTime: at(a.minutesAgo),
        endTime: null,
        sender: published ? 'admin' : null,
        priority: a.priority,
        msgCategory: a.msgCategory,
        msgType: a.msgType,
        sendStatus: a.sendStatus,
        sendTime: published ? at(a.minutesAgo - 1) : null,
        cancelTime: a.sendStatus === '2' ? at(a.minutesAgo - 10) : null,
        delFlag: '0',
        busType: null,
        busId: null,
        openType: a.openType ?? null,
        openPage: a.openPage ?? null,
        userIds: userIds.length > 0 ? `${userIds.join(',')},` : null,
        departIds: departIds.length > 0 ? `${departIds.join(',')},` : null,
        msgAbstract: a.msgAbstract ?? null,
        createBy: 'admin',
        createTime: at(a.minutesAgo),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    if (!published) continue;
    const addressees = await addresseesOf(db, a);
    if (addressees.length === 0) continue;
    await db
      .insertInto('sysAnnouncementSend')
      .values(
        addressees.map((userId) => ({ id: newId(), anntId: id, userId, readFlag: '0', readTime: null, starFlag: '0' })),
      )
      .execute();
  }
}
