/** Every API module, registered under API_PREFIX, and the task kinds the business modules declare. */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { onlineRoutes } from './auth/online.routes.ts';
import { operateLogRoutes } from './operate-log/operate-log.routes.ts';
import { logRoutes } from './log/log.routes.ts';
import { permissionRoutes } from './permission/permission.routes.ts';
import { currentUserRoutes } from './current-user/current-user.routes.ts';
import { sysConfigRoutes } from './sys-config/sys-config.routes.ts';
import { visitRoutes } from './visit/visit.routes.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { categoryRoutes } from './category/category.routes.ts';
import { duplicateCheckRoutes } from './duplicate-check/duplicate-check.routes.ts';
import { checkRuleRoutes } from './check-rule/check-rule.routes.ts';
import { checkRuleAdminRoutes } from './check-rule/check-rule-admin.routes.ts';
import { tableDictRoutes } from './table-dict/table-dict.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { registrationRoutes } from './registration/registration.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { ossRoutes } from './oss/oss.routes.ts';
import { announcementRoutes } from './announcement/announcement.routes.ts';
import { workOrderRoutes } from './work-order/work-order.routes.ts';
import { onlineReportRoutes } from './online-report/online-report.routes.ts';
import { userKvRoutes } from './user-kv/user-kv.routes.ts';
import { tenantRoutes } from './tenant/tenant.routes.ts';
import { thirdAppRoutes } from './third-app/third-app.routes.ts';
import { WORK_ORDER_TASK_KINDS } from './work-order/work-order.tasks.ts';
import { USER_TASK_KINDS } from './user/user.tasks.ts';
import { ACCOUNTING_TASK_KINDS } from './accounting/accounting.tasks.ts';
import { departRoutes } from './depart/depart.routes.ts';
import { userPickerRoutes } from './user/user-picker.routes.ts';
import { roleRoutes } from './role/role.routes.ts';
import { positionRoutes } from './position/position.routes.ts';
import { shiftRoutes } from './shift/shift.routes.ts';
import { accidentRuleRoutes } from './accident-rule/accident-rule.routes.ts';
import { asyncTaskRoutes } from './async-task/async-task.routes.ts';
import { TaskKindRegistry } from './async-task/async-task.kinds.ts';
import { roleAdminRoutes } from './role/role-admin.routes.ts';
import { rolePermissionRoutes } from './permission/role-permission.routes.ts';
import { menuAdminRoutes } from './permission/menu-admin.routes.ts';
import { departAdminRoutes } from './depart/depart-admin.routes.ts';
import { userAdminRoutes } from './user/user-admin.routes.ts';
import { userRecycleRoutes } from './user/user-recycle.routes.ts';
import { quartzRoutes } from './quartz/quartz.routes.ts';
import { categoryAdminRoutes } from './category/category-admin.routes.ts';
import { positionAdminRoutes } from './position/position-admin.routes.ts';
import { settlementRoutes } from './settlement/settlement.routes.ts';
import { dictAdminRoutes } from './dict/dict-admin.routes.ts';
import { accountingRoutes } from './accounting/accounting.routes.ts';
import { templateLedgerRoutes } from './accounting/template-ledger.routes.ts';
import { subjectRoutes } from './accounting/subject.routes.ts';

/**
 * The export and import kinds of the task centre, one list per business module (each declared in the module's
 * `<module>.tasks.ts`). Assembled when this list is loaded, so that every kind is known before the runner
 * takes a task (tasks run outside requests: the runner, retries after a restart).
 */
export const TASK_KINDS = new TaskKindRegistry([WORK_ORDER_TASK_KINDS, USER_TASK_KINDS, ACCOUNTING_TASK_KINDS]);

export const apiModules: FastifyPluginAsync[] = [
  operateLogRoutes,
  logRoutes,
  authRoutes,
  onlineRoutes,
  permissionRoutes,
  currentUserRoutes,
  sysConfigRoutes,
  visitRoutes,
  dictRoutes,
  categoryRoutes,
  duplicateCheckRoutes,
  checkRuleRoutes,
  checkRuleAdminRoutes,
  tableDictRoutes,
  profileRoutes,
  registrationRoutes,
  filesRoutes,
  ossRoutes,
  announcementRoutes,
  workOrderRoutes,
  onlineReportRoutes,
  userKvRoutes,
  tenantRoutes,
  thirdAppRoutes,
  asyncTaskRoutes(TASK_KINDS),
  departRoutes,
  userPickerRoutes,
  roleRoutes,
  positionRoutes,
  shiftRoutes,
  accidentRuleRoutes,
  // Administration (issue 14).
  roleAdminRoutes,
  rolePermissionRoutes,
  menuAdminRoutes,
  departAdminRoutes,
  userAdminRoutes,
  userRecycleRoutes,
  quartzRoutes,
  categoryAdminRoutes,
  positionAdminRoutes,
  settlementRoutes,
  dictAdminRoutes,
  accountingRoutes,
  templateLedgerRoutes,
  subjectRoutes,
];
