/** Typed view of the database (camelCase through Kysely's CamelCasePlugin). */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

interface Audit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: Generated<string>;
  nickname: string | null;
  password: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: Generated<number>;
  delFlag: Generated<number>;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  thirdOrgCode: string | null;
  accountId: string | null;
  userIdentity: number | null;
  departIds: string | null;
  mustChangePassword: Generated<number>;
  settings: string | null;
  version: Generated<number>;
}

export interface SysRoleTable extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  version: Generated<number>;
}

export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  /** 0 top menu, 1 sub menu, 2 button or field rule. */
  menuType: number;
  perms: string | null;
  permsType: Generated<string>;
  sortNo: Generated<number>;
  alwaysShow: Generated<number>;
  icon: string | null;
  isRoute: Generated<number>;
  isLeaf: Generated<number>;
  keepAlive: Generated<number>;
  hidden: Generated<number>;
  hideTab: Generated<number>;
  hiddenHeaderContent: Generated<number>;
  description: string | null;
  delFlag: Generated<number>;
  ruleFlag: Generated<number>;
  status: Generated<string>;
  internalOrExternal: Generated<number>;
  version: Generated<number>;
}

export interface SysRolePermissionTable {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

/** A data rule of a menu (migration 0012): column from the field registry, condition from a closed set. */
export interface SysPermissionDataRuleTable extends Audit {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: Generated<string>;
}

export interface SysDepartTable extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: Generated<number>;
  description: string | null;
  orgCategory: Generated<string>;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: Generated<string>;
  delFlag: Generated<string>;
  version: Generated<number>;
}

export interface SysUserDepartTable {
  id: string;
  userId: string;
  depId: string;
}

/** Department permissions and roles (issue 14, migration 0013). */
export interface SysDepartPermissionTable {
  id: string;
  departId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartRoleTable extends Audit {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  version: Generated<number>;
}

export interface SysDepartRolePermissionTable {
  id: string;
  departId: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
  operateDate: string | null;
  operateIp: string | null;
}

export interface SysDepartRoleUserTable {
  id: string;
  userId: string;
  droleId: string;
}

export interface SysDictTable extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: Generated<number>;
  type: Generated<number>;
  version: Generated<number>;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor: string | null;
  description: string | null;
  sortOrder: Generated<number>;
  status: Generated<number>;
  version: Generated<number>;
}

export interface SysCategoryTable extends Audit {
  id: string;
  pid: Generated<string>;
  name: string;
  code: string | null;
  sysOrgCode: string | null;
  hasChild: Generated<string>;
  version: Generated<number>;
}

export interface SysCheckRuleTable extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
  version: Generated<number>;
}

export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
  version: Generated<number>;
}

export interface SettlementOrgTable extends Audit {
  id: string;
  code: string;
  name: string;
  status: Generated<string>;
  sortOrder: Generated<number>;
  version: Generated<number>;
}

export interface SysUserSettlementOrgTable {
  id: string;
  userId: string;
  settlementOrgId: string;
}

export interface LedgerTable extends Audit {
  id: string;
  code: string;
  name: string;
  settlementOrgId: string;
  currency: Generated<string>;
  status: Generated<string>;
  version: Generated<number>;
  /** '1': the organisation's main ledger, which its documents are vouchered into (migration 0020). */
  isMain: Generated<string>;
}

/** The chart of accounts (migration 0020). */
export interface AccSubjectTable {
  id: string;
  code: string;
  name: string;
  parentCode: string | null;
  direction: string;
  category: string;
  level: number;
  status: Generated<string>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface AccVoucherTemplateTable {
  id: string;
  dataSource: string;
  name: string;
  status: Generated<string>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface AccVoucherTemplateLineTable {
  id: string;
  templateId: string;
  lineNo: number;
  side: string;
  subjectCode: string;
  amountKind: string;
  summary: string | null;
}

/** Business records (业务数据); amount in fen, taxRate in basis points. */
export interface AccBizRecordTable {
  id: string;
  orgId: string;
  dataSource: string;
  bizDate: string;
  period: string;
  amount: number;
  taxRate: Generated<number>;
  counterparty: string | null;
  summary: string;
  status: Generated<string>;
  billId: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface AccBillTable {
  id: string;
  billNo: string;
  bizRecordId: string;
  orgId: string;
  ledgerId: string;
  dataSource: string;
  bizDate: string;
  period: string;
  seq: number;
  amount: number;
  taxAmount: number;
  counterparty: string | null;
  summary: string;
  createBy: string | null;
  createTime: string | null;
}

export interface AccVoucherTable {
  id: string;
  billId: string;
  ledgerId: string;
  orgId: string;
  period: string;
  bizDate: string;
  dataSource: string;
  summary: string;
  debitTotal: number;
  creditTotal: number;
  status: Generated<string>;
  voucherSeq: number | null;
  syncLogId: string | null;
  postBy: string | null;
  postTime: string | null;
  createBy: string | null;
  createTime: string | null;
}

export interface AccVoucherLineTable {
  id: string;
  voucherId: string;
  lineNo: number;
  summary: string;
  subjectCode: string;
  debit: number;
  credit: number;
}

export interface AccPeriodTable {
  id: string;
  ledgerId: string;
  period: string;
  closed: Generated<string>;
  billSeq: Generated<number>;
  closedBy: string | null;
  closedTime: string | null;
  reopenedBy: string | null;
  reopenedTime: string | null;
  reopenReason: string | null;
}

export interface AccLedgerBalanceTable {
  id: string;
  ledgerId: string;
  period: string;
  subjectCode: string;
  debit: number;
  credit: number;
}

export interface AccSyncLogTable {
  id: string;
  ledgerId: string;
  period: string;
  dataSource: string;
  voucherCount: number;
  firstSeq: number | null;
  lastSeq: number | null;
  debitTotal: number;
  creditTotal: number;
  status: string;
  message: string;
  createBy: string | null;
  createTime: string;
}

export interface SysConfigTable extends Audit {
  id: string;
  code: string;
  name: string;
  value: string;
  version: Generated<number>;
}

export interface SysUserTokenTable {
  id: string;
  tokenHash: string;
  userId: string;
  loginType: string;
  impersonatorId: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface SysAuthCodeTable {
  id: string;
  purpose: string;
  subject: string;
  codeHash: string;
  attempts: Generated<number>;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface SysLoginAttemptTable {
  /** Lower-cased username, or `workno:<n>`. */
  identifier: string;
  failCount: Generated<number>;
  lockedUntil: string | null;
  lastFailedAt: string | null;
}

export interface OperateLogTable {
  id: string;
  userId: string | null;
  username: string | null;
  realname: string | null;
  operateTime: string;
  operateType: string;
  content: string;
  relateId: string | null;
  requestMethod: string | null;
  requestUrl: string | null;
  ip: string | null;
  /** Milliseconds the write took (migration 0019); null on older rows. */
  costTime: Generated<number | null>;
}

export interface SysLogTable {
  id: string;
  logType: number;
  logContent: string | null;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  requestUrl: string | null;
  createTime: string;
}

/**
 * A counter moved on every change of what it names: by the services ('permission', 'table-dict') or by the
 * database's own triggers (migration 0024: 'inbox', 'inbox:<user id>'). A cache stays exact while it is the same.
 */
export interface SysCacheEpochTable {
  name: string;
  epoch: number;
}

/** An uploaded file: the storage driver keeps the bytes under `path`. */
export interface SysFileTable {
  id: string;
  path: string;
  biz: string;
  ownerId: string | null;
  originalName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

/** A multipart direct upload in progress: whose, for which credential scope, until when. */
export interface OssMultipartTable {
  uploadId: string;
  userId: string;
  scopeKey: string;
  expiresAt: string;
  createdAt: string;
}

/** One received part of a multipart direct upload; its bytes are in storage under `storageKey`. */
export interface OssMultipartPartTable {
  uploadId: string;
  partNumber: number;
  storageKey: string;
  size: number;
}

/** An announcement (contract §3; `titile` sic). Instants are ISO-8601 UTC text. */
export interface SysAnnouncementTable extends Audit {
  id: string;
  titile: string;
  /** Markdown, stored raw. */
  msgContent: string | null;
  /** The Markdown source of msg_content when written in our editor (migration 0008). */
  msgContentMd: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  /** L / M / H. */
  priority: Generated<string>;
  /** '1' notice, '2' system message, '3' gateway message. */
  msgCategory: Generated<string>;
  /** ALL / USER / DEPART. */
  msgType: Generated<string>;
  /** '0' draft, '1' published, '2' revoked. */
  sendStatus: Generated<string>;
  sendTime: string | null;
  cancelTime: string | null;
  delFlag: Generated<string>;
  busType: string | null;
  busId: string | null;
  openType: string | null;
  openPage: string | null;
  /** Comma list with a trailing comma. */
  userIds: string | null;
  departIds: string | null;
  msgAbstract: string | null;
  version: Generated<number>;
}

/** One addressee of a published announcement and what they did with it. */
export interface SysAnnouncementSendTable {
  id: string;
  anntId: string;
  userId: string;
  /** '0' unread, '1' read. */
  readFlag: Generated<string>;
  readTime: string | null;
  starFlag: Generated<string>;
}

/** A work order (工单). Statuses: 0 待处理, 1 处理中, 2 已完成, 3 已关闭 (dictionary work_order_status). */
export interface BiWorkOrderTable extends Audit {
  id: string;
  /** GD<yyyyMMdd>-<nnnn>, unique. */
  orderNo: string;
  title: string;
  content: string | null;
  /** L / M / H (dictionary priority). */
  priority: Generated<string>;
  status: Generated<string>;
  reporterId: string;
  assigneeId: string | null;
  closedBy: string | null;
  closedTime: string | null;
  closeNote: string | null;
  /** Stored paths of the attached files, comma-joined (the reporter's own uploads). */
  attachments: string | null;
  delFlag: Generated<number>;
  version: Generated<number>;
}

/** The last work-order number given under a day's prefix (GD<yyyyMMdd>-). */
export interface BiWorkOrderSeqTable {
  prefix: string;
  lastNo: number;
}

/** One step of a work order's history; `createBy` is the acting user's username. */
export interface BiWorkOrderLogTable {
  id: string;
  orderId: string;
  /** create / assign / complete / close / reopen / comment (dictionary work_order_action). */
  action: string;
  fromUser: string | null;
  toUser: string | null;
  note: string | null;
  createBy: string | null;
  createTime: string | null;
}

/** A value saved per user under an allow-listed key (GET /sys/redis/get, PUT /sys/redis/set). */
export interface SysUserKvTable {
  userId: string;
  k: string;
  v: string;
  updateTime: string;
}

/** Base-data seed steps applied to this database (seed/index.ts). */
export interface SysSeedStepTable {
  name: string;
  appliedAt: string;
}

/** A task-centre task (export or import); instants are ISO-8601 UTC text. */
export interface AsyncTaskTable {
  id: string;
  title: string;
  businessType: string | null;
  kind: string;
  module: string | null;
  method: string | null;
  url: string | null;
  /** JSON text. */
  params: string | null;
  status: string;
  progress: number;
  content: string | null;
  startTime: string | null;
  endTime: string | null;
  duration: number | null;
  downloadUrl: string | null;
  errorFile: string | null;
  sourceFile: string | null;
  attempts: number;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

/** The rows an import task has committed (primary key task_id + row_key). */
export interface TaskImportRowTable {
  taskId: string;
  rowKey: string;
  recordId: string | null;
}

/** An online report (onl_cgreport_head): one checked read-only SELECT. */
export interface OnlCgreportHeadTable extends Audit {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  /** Set: answers may be cached about 30 s. */
  groupId: string | null;
  /** Permission code required to run it; null: any signed-in user. */
  perms: string | null;
  content: string | null;
}

/** A result column of a report, and its query field. */
export interface OnlCgreportItemTable {
  id: string;
  cgrheadId: string;
  fieldName: string;
  fieldTxt: string;
  fieldWidth: number | null;
  /** String, Integer, Date, Datetime. */
  fieldType: Generated<string>;
  /** single / group. */
  searchMode: Generated<string>;
  isOrder: Generated<number>;
  isSearch: Generated<number>;
  isShow: Generated<number>;
  isHidden: Generated<number>;
  dictCode: string | null;
  orderNum: Generated<number>;
  createBy: string | null;
  createTime: string | null;
}

/** A named parameter of a report's SQL and its default. */
export interface OnlCgreportParamTable {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: Generated<number>;
}

/** Attendance shifts (the shift picker); times HH:mm. */
export interface HrAttendanceShiftTable extends Audit {
  id: string;
  name: string;
  amStart: string;
  amEnd: string;
  pmStart: string;
  pmEnd: string;
  sortOrder: Generated<number>;
  sysOrgCode: string | null;
  delFlag: Generated<number>;
  version: Generated<number>;
}

/** Demo accident rules (the business-record picker's demo); category and level are dictionary values. */
export interface DemoAdverseAccidentRuleTable extends Audit {
  id: string;
  category: string;
  level: string;
  title: string;
  ruleDesc: string;
  sortOrder: Generated<number>;
  delFlag: Generated<number>;
  version: Generated<number>;
}

/** A scheduled job (sys_quartz_job): jobClassName is a job kind's key; status 0 正常 / -1 停止. */
export interface SysQuartzJobTable extends Audit {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter: string;
  description: string | null;
  status: number;
  misfirePolicy: string;
  lastFireTime: string | null;
  nextFireTime: string | null;
  delFlag: Generated<number>;
  version: Generated<number>;
}

/** One run of a scheduled job; (jobId, fireTime) is unique: a fire time runs once across instances. */
export interface SysQuartzJobRunTable {
  id: string;
  jobId: string;
  fireTime: string;
  triggerType: string;
  startTime: string | null;
  endTime: string | null;
  result: string;
  message: string | null;
  instanceId: string | null;
  createBy: string | null;
}

/** 表字典登记: a table dictionary a request may name (migration 0018); status 1 启用, 0 停用. */
export interface SysTableDictTable extends Audit {
  id: string;
  tableName: string;
  textField: string;
  valueField: string;
  description: string | null;
  status: Generated<number>;
  version: Generated<number>;
}

export interface Database {
  sysUser: SysUserTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
  sysDepart: SysDepartTable;
  sysUserDepart: SysUserDepartTable;
  sysDepartPermission: SysDepartPermissionTable;
  sysDepartRole: SysDepartRoleTable;
  sysDepartRolePermission: SysDepartRolePermissionTable;
  sysDepartRoleUser: SysDepartRoleUserTable;
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysCategory: SysCategoryTable;
  sysCheckRule: SysCheckRuleTable;
  sysPosition: SysPositionTable;
  settlementOrg: SettlementOrgTable;
  sysUserSettlementOrg: SysUserSettlementOrgTable;
  ledger: LedgerTable;
  accSubject: AccSubjectTable;
  accVoucherTemplate: AccVoucherTemplateTable;
  accVoucherTemplateLine: AccVoucherTemplateLineTable;
  accBizRecord: AccBizRecordTable;
  accBill: AccBillTable;
  accVoucher: AccVoucherTable;
  accVoucherLine: AccVoucherLineTable;
  accPeriod: AccPeriodTable;
  accLedgerBalance: AccLedgerBalanceTable;
  accSyncLog: AccSyncLogTable;
  sysConfig: SysConfigTable;
  sysUserToken: SysUserTokenTable;
  sysAuthCode: SysAuthCodeTable;
  sysLoginAttempt: SysLoginAttemptTable;
  operateLog: OperateLogTable;
  sysLog: SysLogTable;
  sysCacheEpoch: SysCacheEpochTable;
  sysSeedStep: SysSeedStepTable;
  sysFile: SysFileTable;
  biWorkOrder: BiWorkOrderTable;
  biWorkOrderSeq: BiWorkOrderSeqTable;
  biWorkOrderLog: BiWorkOrderLogTable;
  sysUserKv: SysUserKvTable;
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
  asyncTask: AsyncTaskTable;
  taskImportRow: TaskImportRowTable;
  ossMultipart: OssMultipartTable;
  ossMultipartPart: OssMultipartPartTable;
  onlCgreportHead: OnlCgreportHeadTable;
  onlCgreportItem: OnlCgreportItemTable;
  onlCgreportParam: OnlCgreportParamTable;
  hrAttendanceShift: HrAttendanceShiftTable;
  demoAdverseAccidentRule: DemoAdverseAccidentRuleTable;
  sysQuartzJob: SysQuartzJobTable;
  sysQuartzJobRun: SysQuartzJobRunTable;
  sysTableDict: SysTableDictTable;
}

export type User = Selectable<SysUserTable>;
export type NewUser = Insertable<SysUserTable>;
export type UserUpdate = Updateable<SysUserTable>;
export type Permission = Selectable<SysPermissionTable>;
export type NewPermission = Insertable<SysPermissionTable>;
export type DepartRow = Selectable<SysDepartTable>;
