/**
 * Seed step 0008: two online reports for the popup picker (spec §2.5, §7) — 用户选择 over sys_user and 工单选择 over
 * bi_work_order — stored through saveReport, so their SQL passes the same check a designed report does. Both set a
 * group id (their answers may be cached ~30 s).
 */
import type { Db } from '../connection.ts';
import { saveReport } from '../../modules/online-report/online-report.service.ts';

export const USER_REPORT_CODE = 'demo_user_select';
export const WORK_ORDER_REPORT_CODE = 'demo_work_order_select';

export async function seedDemoReports(db: Db): Promise<void> {
  await saveReport(db, {
    id: 'rpt-demo-user-select',
    code: USER_REPORT_CODE,
    name: '用户选择',
    groupId: 'demo',
    content: '选择用户：账号、姓名、性别',
    sql: `select u.id, u.username, u.realname, u.sex, u.org_code, u.create_time
      from sys_user u
      where u.del_flag = 0 and u.status = 1`,
    items: [
      { fieldName: 'id', fieldTxt: '主键', isShow: false },
      { fieldName: 'username', fieldTxt: '账号', isSearch: true, isOrder: true, fieldWidth: 160 },
      { fieldName: 'realname', fieldTxt: '姓名', isSearch: true, isOrder: true, fieldWidth: 160 },
      { fieldName: 'sex', fieldTxt: '性别', fieldType: 'Integer', dictCode: 'sex', isSearch: true, isHidden: true },
      { fieldName: 'org_code', fieldTxt: '机构编码', isOrder: true },
      { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', isOrder: true },
    ],
  });
  await saveReport(db, {
    id: 'rpt-demo-work-order-select',
    code: WORK_ORDER_REPORT_CODE,
    name: '工单选择',
    groupId: 'demo',
    content: '选择工单：工单号、标题、状态、创建时间',
    sql: `select w.id, w.order_no, w.title, w.status, w.priority, w.create_time
      from bi_work_order w
      where w.del_flag = 0
      order by w.create_time desc`,
    items: [
      { fieldName: 'id', fieldTxt: '主键', isShow: false },
      { fieldName: 'order_no', fieldTxt: '工单号', isSearch: true, isOrder: true, fieldWidth: 180 },
      { fieldName: 'title', fieldTxt: '标题', isSearch: true, isOrder: true },
      { fieldName: 'status', fieldTxt: '状态', dictCode: 'work_order_status', isSearch: true, isHidden: true },
      { fieldName: 'priority', fieldTxt: '优先级', dictCode: 'priority' },
      {
        fieldName: 'create_time',
        fieldTxt: '创建时间',
        fieldType: 'Datetime',
        isOrder: true,
        isSearch: true,
        searchMode: 'group',
        isHidden: true,
      },
    ],
  });
}
