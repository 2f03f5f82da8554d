/**
 * Gallery section 高级查询: the builder on the work-order fields, and a small table of work orders that the server
 * filters with the emitted params (superQueryParams, superQueryMatchType) — what a reviewer sees filtered is the
 * server's evaluation, not the browser's — and the filter text box on the title.
 */
import { useRef, useState } from 'react';
import { Alert, Space, Table, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { useFocusableTableScroll } from '../../../lib/focusable-table-scroll.ts';
import {
  encodeSuperQuery,
  FilterTextBox,
  SuperQuery,
  type SuperQueryField,
  type SuperQueryMatchType,
  type SuperQueryRecord,
} from '../../../widgets/super-query/index.ts';
import { fetchGalleryWorkOrders } from '../api/super-query.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const FIELDS: SuperQueryField[] = [
  { title: '工单号', field: 'orderNo', type: 'string' },
  { title: '标题', field: 'title', type: 'string' },
  { title: '内容', field: 'content', type: 'string' },
  { title: '优先级', field: 'priority', type: 'dict', dictCode: 'priority' },
  { title: '状态', field: 'status', type: 'dict', dictCode: 'work_order_status' },
  { title: '创建时间', field: 'createTime', type: 'datetime' },
];

const COLUMNS: TableColumnsType<WorkOrderRecord> = [
  { title: '工单号', dataIndex: 'orderNo', width: 170 },
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '优先级', dataIndex: 'priority_dictText', width: 80 },
  { title: '状态', dataIndex: 'status_dictText', width: 90 },
  { title: '创建时间', dataIndex: 'createTime', width: 170 },
];

interface Query {
  conditions: SuperQueryRecord[];
  matchType: SuperQueryMatchType;
}

function SuperQueryDemo() {
  const [query, setQuery] = useState<Query>({ conditions: [], matchType: 'and' });
  const tableBox = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(tableBox, '工单筛选结果');
  const [titleText, setTitleText] = useState('');
  const [title, setTitle] = useState('');
  const params = encodeSuperQuery(query.conditions, query.matchType);
  const list = useQuery({
    queryKey: ['gallery', 'super-query', params, title],
    queryFn: () => fetchGalleryWorkOrders({ ...params, title }),
    retry: false,
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="start" size="large">
        <Variant
          label="高级查询（工单字段）"
          value={params.superQueryParams ? params : undefined}
          valueTestId="super-query-value"
        >
          <SuperQuery
            fields={FIELDS}
            routeKey="/test/home#super-query"
            active={query.conditions.length > 0}
            loadOptions={loadDictOptions}
            onSearch={(conditions, matchType) => setQuery({ conditions, matchType })}
            onReset={() => setQuery({ conditions: [], matchType: 'and' })}
          />
        </Variant>
        <Variant label="筛选文本框（标题，回车查询）" value={title} valueTestId="filter-text-value">
          <div style={{ width: 280 }}>
            <FilterTextBox
              aria-label="标题筛选"
              value={titleText}
              onChange={setTitleText}
              onSearch={(text) => setTitle(text)}
              defaultRule="like"
              showReading
            />
          </div>
        </Variant>
      </Space>
      {list.error && <Alert type="error" showIcon title={list.error.message} data-testid="super-query-error" />}
      <div ref={tableBox}>
        <Table<WorkOrderRecord>
          data-testid="super-query-table"
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 700 }}
          footer={() => `共 ${list.data?.total ?? 0} 条（服务器筛选）`}
        />
      </div>
    </Space>
  );
}

export const section: GallerySection = {
  id: 'super-query',
  title: '高级查询',
  order: 50,
  description: '高级查询构造器与筛选文本框：条件由服务器按字段白名单求值，列表为服务器返回的结果。',
  Component: SuperQueryDemo,
};
