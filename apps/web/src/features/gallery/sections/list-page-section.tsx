/** The list-page kit (spec widgets §7 generic list pages): a real list with paging, sort and 列设置, and a page without its list url. */
import { Typography } from 'antd';
import type { FitColumn } from '../../../lib/server-table/responsive-columns.ts';
import { ListPage } from '../../../widgets/list-page/list-page.tsx';
import { useListPage } from '../../../widgets/list-page/use-list-page.ts';
import { NO_URL_API, OPERATE_LOG_API, type OperateLogListRow } from '../api/operate-log-list.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const COLUMNS: FitColumn<OperateLogListRow>[] = [
  { title: '操作时间', dataIndex: 'operateTime', width: 170, sorter: true },
  { title: '操作人', dataIndex: 'user', width: 100, render: (v: string | null) => v ?? '-' },
  { title: '操作类型', dataIndex: 'operateType_dictText', width: 100, from: 'lg' },
  {
    title: '内容',
    dataIndex: 'content',
    minWidth: 200,
    ellipsis: { showTitle: false },
    render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
  },
];

function OperateLogDemo() {
  const page = useListPage<OperateLogListRow>({ api: OPERATE_LOG_API, sortable: { operateTime: 'operateTime' } });
  return (
    <ListPage<OperateLogListRow, Record<string, never>>
      page={page}
      listKey="/test/home#list-page"
      title="我的操作日志"
      columns={COLUMNS}
      emptyText="暂无操作日志"
      data-testid="gallery-list-page-demo"
      testIdPrefix="gallery-list"
    />
  );
}

function NoUrlDemo() {
  const page = useListPage<OperateLogListRow>({ api: NO_URL_API });
  return (
    <ListPage<OperateLogListRow, Record<string, never>>
      page={page}
      listKey="/test/home#list-page-no-url"
      title="未配置列表地址"
      columns={COLUMNS}
      data-testid="gallery-list-page-no-url"
      testIdPrefix="gallery-no-url"
    />
  );
}

function ListPageSection() {
  return (
    <>
      <Variant label="列表页（分页 10/20/30、排序、列设置）">
        <OperateLogDemo />
      </Variant>
      <Variant label="缺少 url.list 的列表页">
        <NoUrlDemo />
      </Variant>
    </>
  );
}

export const section: GallerySection = {
  id: 'list-page',
  title: '列表页',
  order: 90,
  description: '查询表单、工具栏、服务端分页表格、批量删除、导入导出、高级查询与列设置的组合。',
  Component: ListPageSection,
};
