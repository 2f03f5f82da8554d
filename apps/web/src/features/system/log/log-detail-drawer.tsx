/** One log row in full (登录日志 or 操作日志): every field of the row, the content wrapped rather than cut. */
import { Descriptions, Drawer, Grid, Typography } from 'antd';
import type { SysLogRecord } from '@houtai/shared/contract/sys-log';

export interface LogDetailDrawerProps {
  /** The row shown; null: closed. */
  row: SysLogRecord | null;
  onClose: () => void;
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : String(v));

export function costText(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function LogDetailDrawer({ row, onClose }: LogDetailDrawerProps) {
  const screens = Grid.useBreakpoint();
  const operate = row?.logType === 2;
  const items = row
    ? [
        { key: 'type', label: '日志类型', children: row.logType_dictText },
        { key: 'time', label: operate ? '操作时间' : '登录时间', children: dash(row.createTime) },
        {
          key: 'user',
          label: operate ? '操作人' : '用户账号',
          children: row.realname ? `${row.realname}(${dash(row.username)})` : dash(row.username),
        },
        { key: 'ip', label: 'IP', children: dash(row.ip) },
        ...(operate
          ? [
              { key: 'operateType', label: '操作类型', children: dash(row.operateType_dictText) },
              { key: 'method', label: '请求方法', children: dash(row.requestType) },
              { key: 'cost', label: '耗时', children: costText(row.costTime) },
              { key: 'relate', label: '关联记录', children: dash(row.relateId) },
            ]
          : []),
        {
          key: 'url',
          label: '请求地址',
          children: <Typography.Text style={{ wordBreak: 'break-all' }}>{dash(row.requestUrl)}</Typography.Text>,
        },
        {
          key: 'content',
          label: operate ? '操作内容' : '日志内容',
          children: (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 }}>
              {dash(row.logContent)}
            </Typography.Paragraph>
          ),
        },
      ]
    : [];
  return (
    <Drawer
      title={operate ? '操作日志详情' : '登录日志详情'}
      placement="right"
      size={screens.md === false ? '100%' : 560}
      open={row !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="log-detail-drawer"
    >
      <Descriptions column={1} bordered size="small" items={items} styles={{ label: { width: 96 } }} />
    </Drawer>
  );
}
