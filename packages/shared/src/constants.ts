/** Numbers, limits and texts taken from the specifications; one source for both sides. */

export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

/** Stored login data and dictionary cache lifetime (spec 000 §9). */
export const LOGIN_DATA_TTL_MS = 604_800_000;
export const DICT_CACHE_TTL_MS = 604_800_000;
export const REQUEST_TIMEOUT_MS = 3_600_000;

/** Server session token lifetimes. */
export const TOKEN_ABSOLUTE_TTL_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_DEFAULT_IDLE_MINUTES = 120;

/** Login throttling. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const DEFAULT_LOCK_MINUTES = 10;
export const CAPTCHA_TTL_MS = 60_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_RESEND_INTERVAL_MS = 60_000;
/** Per-IP request limits of the public sign-in routes (a shared office IP must still fit). */
export const SMS_IP_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 } as const;
export const CAPTCHA_IP_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;
export const LOGIN_IP_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 } as const;
/** Per-IP limit of self-registration and SMS password reset (each also needs a fresh SMS code). */
export const REGISTRATION_IP_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 } as const;
/** Lifetime of the single-use ticket phoneVerification hands to passwordChange. */
export const RESET_TICKET_TTL_MS = 10 * 60_000;

/** Request signing window (contract §4.1, security design §2.8). */
export const SIGN_MAX_SKEW_MS = 300_000;

/** Partner organisation display names keyed by thirdOrgCode (spec 000 §1). */
export const COMPANY_NAME = '后台';
export const PARTNER_ORG_NAMES: Readonly<Record<string, string>> = {
  P001: '华东合作伙伴',
  P002: '华南合作伙伴',
};

/** The admin marker in usernames that opens the ERP entrance (spec 000 §6). */
export const ADMIN_MARKER = 'A1000';
export const ERP_ENTRANCE_PERMISSION = 'hz:entrance';
export const ERP_DEPART_PREFIXES = ['A03', 'A10'] as const;

/** Permission code that allows signing in as another user. */
export const LOGIN_BY_ADMIN_PERMISSION = 'system:user:loginByAdmin';

export const SYSTEM_NOTIFICATIONS_CODE = 'SYSTEM_NOTIFICATIONS';

/** Multi-tab workspace (spec 000 §2.4, §9). */
export const HOME_TITLE = '首页';
/** A tab whose path carries this query marker is kept alone by 关闭其它. */
export const TAB_TICKET_MARKER = 'ticke=';
/** Pages kept alive at once before the least recently used is dropped (not in the spec; configurable). */
export const KEEP_ALIVE_LIMIT_DEFAULT = 10;
export const TAB_TEXT = {
  homeNotClosable: '首页不能关闭!',
  lastTab: '这是最后一页，不能再关闭了啦',
  reload: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其它',
} as const;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
/** The size changer of every server-paged list (spec §9: task list, operate log, 我的消息 …; ours alike). */
export const LIST_PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const LIST_TEXT = {
  /** Under a server-paged table (spec §9): 'a-b 共 N 条'. */
  range: (total: number, [from, to]: readonly [number, number]) => `${from}-${to} 共 ${total} 条`,
  /** The same when the server's total of a big list is a remembered count (issue 16): 'a-b 约 N 条'. */
  rangeApprox: (total: number, [from, to]: readonly [number, number]) => `${from}-${to} 约 ${total} 条`,
  /** Under 我的消息's list: '共 N 条'. */
  total: (total: number) => `共 ${total} 条`,
} as const;

/**
 * List exports (spec widgets §8): up to this many rows download at once; more asks
 * '当前导出数据量过大，是否确定导出？' and goes to the task centre (the threshold is ours; the spec gives none).
 */
export const EXPORT_DIRECT_MAX_ROWS = 10_000;
export const EXPORT_TEXT = {
  tooLarge: '当前导出数据量过大，是否确定导出？',
  urlRequired: '导出接口地址不能为空!',
  downloadFailed: '文件下载失败',
  unknownFile: '未知的文件',
  taskAdded: (message: string) => `${message}已加入到任务中心列表`,
  addTaskFailed: '添加任务接口失败',
} as const;

/** Texts several request schemas and answers share (each module's text table refers to these). */
export const COMMON_TEXT = {
  titleRequired: '请输入标题',
  titleControl: '标题不能包含换行或控制字符',
  idsRequired: '请传入ids',
  pageInvalid: '分页参数不正确',
  pageSizeInvalid: '每页条数不正确',
  versionInvalid: '版本号不正确',
  added: '添加成功！',
  saved: '保存成功!',
  readAll: '全部已读',
} as const;

/** Texts of the server's answers. */
export const TEXT = {
  tokenInvalid: 'Token失效，请重新登录',
  noPermission: '没有权限，请联系管理员授权',
  /** An administrator reset the password (changePassword): until the holder picks a new one, only a few calls answer. */
  mustChangePassword: '管理员已重置您的密码，请先修改密码',
  notFound: '很抱歉，资源未找到!',
  tooLarge: '请求内容过大',
  tooManyRequests: '操作过于频繁，请稍后再试',
  serverError: '操作失败，服务器内部错误',
  /** 503: the database or Redis cannot be reached right now (a restart, an outage); the request may be repeated. */
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  badRequest: '请求参数不正确',
  illegalCharacters: '请求参数包含非法字符',
  loginSuccess: '登录成功',
  badCredentials: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  passwordRequired: '请输入密码',
  captchaWrong: '验证码错误',
  captchaInvalid: '验证码无效',
  accountLocked: '登录失败次数过多，账号已临时锁定，请稍后再试',
  accountFrozen: '该用户已冻结',
  logoutSuccess: '退出登录成功！',
  logoutFailed: '退出登录失败！',
  forceLogoutSuccess: '强制退出成功',
  forceLogoutTargetRequired: '请指定要强制退出的会话',
  forceLogoutNone: '未找到在线会话',
  forceLogoutSelf: '不能强制退出自己当前的会话，请使用退出登录',
  smsSent: '短信验证码发送成功',
  smsWrong: '手机验证码错误',
  smsUnavailable: '短信服务未开通，请联系管理员',
  smsTooFrequent: '验证码已发送，请稍后再试',
  phoneNotRegistered: '该手机号未注册',
  onlyOwnPassword: '只允许修改自己的密码！',
  oldPasswordWrong: '旧密码输入错误!',
  passwordChanged: '密码修改成功!',
  passwordResetDone: '密码重置成功!',
  departNotOwned: '您不属于该部门',
  accountNotOwned: '您没有该结算组织',
  onlySelf: '只允许操作自己的账号！',
  configNotReadable: '该配置不存在或不允许查询',
  operateSuccess: '操作成功',
  dictCodeFormat: '字典Code格式不正确！',
  dictNotAllowed: '不允许查询该字典表',
  signFailed: 'Sign签名校验失败！',
  signExpired: '签名已过期，请检查系统时间',
  signMissing: '缺少签名参数',
  duplicateEmpty: '数据为空,不作处理！',
  duplicateFree: '该值可用！',
  duplicateTaken: '该值不可用，系统中已存在！',
  duplicateNotAllowed: '不支持校验该字段',
  checkRuleUnknown: '该编码不存在',
  checkRuleInvalid: '校验规则配置有误，请联系管理员',
  queryNoResult: '查询无果',
  queryAmbiguous: '查询数据异常，存在多个值',
  categoryUnknown: '该编码不存在或不唯一',
  categoryParamMissing: '加载分类字典树参数有误',
  conditionInvalid: '查询条件不正确',
  sortInvalid: '排序字段不正确',
  userNotFound: '该用户不存在',
  loginAsSelf: '不能以当前账号的身份登录',
  loginAsAdminRefused: '不能以同样拥有此权限的管理员身份登录',
  versionConflict: '数据已被他人修改，请刷新',
  phoneTaken: '该手机号已被使用',
  emailTaken: '该邮箱已被使用',
  birthdayInFuture: '生日不能晚于今天',
  profileSaved: '修改成功!',
  settingsSaved: COMMON_TEXT.saved,
  registerSuccess: '注册成功',
  registerClosed: '系统暂未开放注册',
  usernameTaken: '用户账号已存在',
  phoneRegistered: '该手机号已注册',
  emailRegistered: '邮箱已被注册',
  smsCodeRequired: '请输入手机验证码',
  phoneVerified: '验证成功',
  resetTicketInvalid: '验证已失效，请重新获取手机验证码',
  headersTooLarge: '请求头过大',
} as const;

/** Header, user menu and shell dialogs (spec 000 §2.5, §2.7, §4, §5, §8). */
export const ACCOUNT_CENTER_PATH = '/account/center';
export const ACCOUNT_SETTINGS_PATH = '/account/settings/base';
export const PASSWORD_DIALOG_WIDTH = 800;
export const DEPART_DIALOG_WIDTH = 600;
/** The settings drawer saves this long after the last change (not in the spec). */
export const SETTINGS_SAVE_DEBOUNCE_MS = 500;
export const SHELL_TEXT = {
  welcome: '欢迎进入',
  accountCenter: '个人中心',
  accountSettings: '账户设置',
  systemSettings: '系统设置',
  changePassword: '修改密码',
  switchDepart: '部门切换',
  switchAccount: '结算组织切换',
  accountChooserTitle: '结算组织选择',
  clearCache: '清除缓存',
  logout: '退出登录',
  logoutConfirm: '真的要注销登录吗 ?',
  noDeparts: '您尚未设置部门信息!',
  noAccounts: '您尚未设置结算组织信息!',
  departRequired: '请选择部门',
  accountRequired: '请选择结算组织',
  cacheRefreshed: '刷新缓存完成！',
  cacheRefreshFailed: '刷新缓存失败！',
  cryptUserInfoEmpty: '获取用户信息失败',
  menuSearchTitle: '搜索菜单',
  menuSearchPlaceholder: '搜索菜单',
  erpEntrance: '进入ERP',
} as const;
/** The header's quick links to the three external systems (spec 000 §2.5); URLs come from the runtime config. */
export const QUICK_LINK_TITLES = {
  accounting: '运营核算系统',
  warehouse: '电商仓储系统',
  logistics: '物流跟踪系统',
} as const;
