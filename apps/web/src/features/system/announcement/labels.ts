/** Option lists and tag colours of the 系统通告 screens (dictionaries msg_category, priority, msg_type, send_status). */
export const CATEGORY_OPTIONS = [
  { value: '1', label: '通知公告' },
  { value: '2', label: '系统消息' },
  { value: '3', label: '网关消息' },
];

export const PRIORITY_OPTIONS = [
  { value: 'L', label: '低' },
  { value: 'M', label: '中' },
  { value: 'H', label: '高' },
];

export const MSG_TYPE_OPTIONS = [
  { value: 'ALL', label: '全体用户' },
  { value: 'USER', label: '指定用户' },
  { value: 'DEPART', label: '指定部门' },
];

export const SEND_STATUS_OPTIONS = [
  { value: '0', label: '未发布' },
  { value: '1', label: '已发布' },
  { value: '2', label: '已撤销' },
];

export const SEND_STATUS_COLOR: Readonly<Record<string, string>> = { '0': 'default', '1': 'green', '2': 'orange' };
export const PRIORITY_COLOR: Readonly<Record<string, string>> = { L: 'default', M: 'blue', H: 'red' };
