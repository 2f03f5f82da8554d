/**
 * The online-report popup picker (spec §2.5, §5.5, §7): a read-only input that opens a report in a dialog (default
 * width 1200) — its columns (getRpColumns), its query form (getQueryInfo: text fields match anywhere, dictionary
 * fields are selects, ranges have two boxes, hidden fields wait behind 展开), its rows paged and sorted on the
 * server (getData) — and on 确定 copies the chosen row's origin fields into the destination fields (onSelect gets
 * the mapping; several rows are comma-joined in multi mode). Configuration problems and an empty choice answer
 * the §5.5 messages. It never fetches on its own: the caller passes the loaders (lib/api/online-report.ts).
 */
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Space, Table, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { DictModel } from '@houtai/shared/contract/dict';
import {
  POPUP_DEFAULT_WIDTH,
  type ReportColumns,
  type ReportData,
  type ReportQueryItem,
} from '@houtai/shared/contract/online-report';
import { cellText, checkPopupConfig, popupFieldList, popupValues } from '@houtai/shared/popup';
import { useFeedback } from '../../lib/feedback.ts';
import { useServerTable } from '../../lib/server-table/use-server-table.ts';

type Record_ = Record<string, unknown>;

export interface PopupPickerLoaders {
  columns: (code: string) => Promise<ReportColumns>;
  queryInfo: (id: string) => Promise<ReportQueryItem[]>;
  data: (id: string, params: Record<string, string | number>) => Promise<ReportData>;
}

export interface PopupPickerProps {
  /** The report's code (onl_cgreport_head.code). */
  code: string;
  /** Fields of the report's rows to copy, 'a,b' or a list. */
  orgFields: string | readonly string[];
  /** Fields they are copied into, in the same order. */
  destFields: string | readonly string[];
  /** Several rows (values comma-joined); default one. */
  multi?: boolean;
  /** Keep them stable (module level): they key the dialog's queries. */
  loaders: PopupPickerLoaders;
  /** The input's text; default the first destination field's value of the last choice. */
  value?: string;
  /** The chosen values by destination field, and the chosen rows. */
  onSelect?: (values: Record<string, string>, rows: Record_[]) => void;
  /** The dialog was closed without a choice. */
  onCancel?: () => void;
  /** Dialog width, default 1200 (spec §9). */
  width?: number;
  /** Dialog title, default the report's name. */
  title?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Rows per page, default 10. */
  pageSize?: number;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function PopupPicker(props: PopupPickerProps) {
  const { code, orgFields, destFields, multi = false, loaders, value, onSelect, disabled, id } = props;
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const text = value ?? chosen;

  function openDialog() {
    if (disabled) return;
    const problem = checkPopupConfig(code, orgFields, destFields);
    if (problem) {
      void message.error(problem);
      return;
    }
    setOpen(true);
  }

  function done(values: Record<string, string>, rows: Record_[]) {
    setChosen(values[popupFieldList(destFields)[0] ?? ''] ?? '');
    setOpen(false);
    onSelect?.(values, rows);
  }

  return (
    <>
      <Input
        id={id}
        readOnly
        value={text}
        disabled={disabled}
        placeholder={props.placeholder ?? '请选择'}
        aria-label={props['aria-label']}
        aria-haspopup="dialog"
        data-testid={props['data-testid']}
        onClick={openDialog}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            openDialog();
          }
        }}
        suffix={
          <Button
            type="text"
            size="small"
            icon={<SearchOutlined />}
            aria-label="选择"
            disabled={disabled}
            onClick={openDialog}
          />
        }
      />
      {open ? (
        <PopupDialog
          code={code}
          orgFields={orgFields}
          destFields={destFields}
          multi={multi}
          loaders={loaders}
          width={props.width ?? POPUP_DEFAULT_WIDTH}
          title={props.title}
          pageSize={props.pageSize}
          onCancel={() => {
            setOpen(false);
            props.onCancel?.();
          }}
          onDone={done}
        />
      ) : null}
    </>
  );
}

interface DialogProps {
  code: string;
  orgFields: string | readonly string[];
  destFields: string | readonly string[];
  multi: boolean;
  loaders: PopupPickerLoaders;
  width: number;
  title: string | undefined;
  pageSize: number | undefined;
  onCancel: () => void;
  onDone: (values: Record<string, string>, rows: Record_[]) => void;
}

function PopupDialog({
  code,
  orgFields,
  destFields,
  multi,
  loaders,
  width,
  title,
  pageSize,
  onCancel,
  onDone,
}: DialogProps) {
  const { message } = useFeedback();
  const config = useQuery({
    queryKey: ['online-report', 'config', code, loaders],
    queryFn: async () => {
      const columns = await loaders.columns(code);
      const query = await loaders.queryInfo(columns.cgRpConfigId);
      return { columns, query };
    },
    retry: false,
    gcTime: 0,
  });
  const [selected, setSelected] = useState<Map<string, Record_>>(new Map());

  function ok() {
    const result = popupValues([...selected.values()], orgFields, destFields, multi);
    if (!result.ok) {
      void message.warning(result.message);
      return;
    }
    onDone(result.values, [...selected.values()]);
  }

  return (
    <Modal
      open
      width={width}
      title={title ?? config.data?.columns.cgRpConfigName ?? '请选择'}
      okText="确定"
      cancelText="取消"
      onOk={ok}
      onCancel={onCancel}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      {config.isError ? (
        <Alert
          type="error"
          showIcon
          title="报表加载失败"
          description={config.error.message || '加载失败'}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              重试
            </Button>
          }
        />
      ) : config.data ? (
        <ReportTable
          columns={config.data.columns}
          query={config.data.query}
          loaders={loaders}
          multi={multi}
          pageSize={pageSize}
          selected={selected}
          onSelected={setSelected}
        />
      ) : (
        <Table loading columns={[]} dataSource={[]} />
      )}
    </Modal>
  );
}

interface ReportTableProps {
  columns: ReportColumns;
  query: ReportQueryItem[];
  loaders: PopupPickerLoaders;
  multi: boolean;
  pageSize: number | undefined;
  selected: Map<string, Record_>;
  onSelected: (rows: Map<string, Record_>) => void;
}

type Filters = Record<string, string>;

/** A row's key: its id when the report has one, else its values. */
function rowKeyOf(row: Record_): string {
  return typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : JSON.stringify(row);
}

function dictText(options: DictModel[] | undefined, v: unknown): string {
  const s = cellText(v);
  if (!options) return s;
  return s
    .split(',')
    .map((part) => options.find((o) => o.value === part)?.text ?? part)
    .join(',');
}

/** The getData parameters of the form's values: text fields wrapped in '*' (wildcard), blanks left out. */
export function reportFilterParams(query: readonly ReportQueryItem[], values: Filters): Filters {
  const out: Filters = {};
  for (const item of query) {
    const keys = item.mode === 'group' ? [`${item.field}_begin`, `${item.field}_end`] : [item.field];
    for (const key of keys) {
      const v = values[key]?.trim();
      if (!v) continue;
      out[key] = item.mode === 'single' && item.view === 'string' ? `*${v}*` : v;
    }
  }
  return out;
}

function ReportTable({ columns, query, loaders, multi, pageSize, selected, onSelected }: ReportTableProps) {
  const id = columns.cgRpConfigId;
  const load = useMemo(
    () => (params: Record<string, unknown>) => {
      const out: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
      return loaders.data(id, out);
    },
    [loaders, id],
  );
  const sortable = useMemo(
    () => Object.fromEntries(columns.columns.filter((c) => c.sorter === 'true').map((c) => [c.dataIndex, c.dataIndex])),
    [columns],
  );
  const table = useServerTable<Record_, Filters>({
    load,
    sortable,
    gcTime: 0,
    ...(pageSize ? { pageSize, pageSizeOptions: [pageSize, 10, 20, 30].filter((n, i, a) => a.indexOf(n) === i) } : {}),
  });

  const tableColumns: TableColumnsType<Record_> = columns.columns.map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    key: c.dataIndex,
    align: c.align,
    ellipsis: true,
    ...(c.width ? { width: c.width } : {}),
    ...(c.sorter === 'true' ? { sorter: true, sortOrder: table.sortOrderOf(c.dataIndex) } : {}),
    render: (v: unknown) => (c.customRender ? dictText(columns.dictOptions[c.customRender], v) : cellText(v)),
  }));

  function toggle(row: Record_) {
    const key = rowKeyOf(row);
    const next = multi ? new Map(selected) : new Map<string, Record_>();
    if (multi && selected.has(key)) next.delete(key);
    else next.set(key, row);
    onSelected(next);
  }

  return (
    <div data-testid="popup-picker-dialog">
      <QueryForm
        query={query}
        dictOptions={columns.dictOptions}
        onSearch={(v) => table.searchProps.onSearch(reportFilterParams(query, v))}
      />
      {table.error ? (
        <LoadErrorAlert title="报表数据加载失败" error={table.error} onRetry={() => void table.refetch()} />
      ) : null}
      <Table<Record_>
        {...table.tableProps}
        rowKey={rowKeyOf}
        size="middle"
        columns={tableColumns}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: [...selected.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            // antd passes the ticked rows of every page it has seen (preserveSelectedRowKeys); keep our own copies.
            const next = new Map<string, Record_>();
            for (const key of _keys.map(String)) {
              const row = rows.find((r) => r && rowKeyOf(r) === key) ?? selected.get(key);
              if (row) next.set(key, row);
            }
            onSelected(next);
          },
        }}
        onRow={(row) => ({
          // A click on the row chooses it; the radio or checkbox cell is left to rowSelection (no double toggle).
          onClick: (e) => {
            if (e.target instanceof Element && e.target.closest('.ant-table-selection-column')) return;
            toggle(row);
          },
          style: { cursor: 'pointer' },
        })}
      />
    </div>
  );
}

interface QueryFormProps {
  query: ReportQueryItem[];
  dictOptions: Record<string, DictModel[]>;
  onSearch: (values: Filters) => void;
}

function QueryForm({ query, dictOptions, onSearch }: QueryFormProps) {
  const [form] = Form.useForm<Filters>();
  const [expanded, setExpanded] = useState(false);
  const hasHidden = query.some((q) => q.hidden === '1');
  const shown = query.filter((q) => expanded || q.hidden !== '1');
  useEffect(() => {
    form.resetFields();
  }, [form, query]);
  if (query.length === 0) return null;

  return (
    <Form<Filters>
      form={form}
      layout="inline"
      onFinish={(values) => onSearch(values)}
      style={{ marginBottom: 16, rowGap: 8 }}
      aria-label="查询条件"
    >
      <Row gutter={[16, 8]} style={{ width: '100%' }}>
        {shown.map((item) => (
          <Col key={item.field} xs={24} sm={12} md={8}>
            <QueryField item={item} options={dictOptions[item.field]} />
          </Col>
        ))}
        <Col xs={24} sm={12} md={8}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              重置
            </Button>
            {hasHidden ? (
              <Button type="link" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
                {expanded ? '收起' : '展开'}
              </Button>
            ) : null}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

function QueryField({ item, options }: { item: ReportQueryItem; options: DictModel[] | undefined }) {
  const label = item.label;
  if (item.mode === 'group') {
    return (
      <Form.Item label={label} style={{ marginInlineEnd: 0 }}>
        <Space.Compact>
          <Form.Item name={`${item.field}_begin`} noStyle>
            <Input aria-label={`${label}开始`} placeholder="开始" allowClear />
          </Form.Item>
          <Form.Item name={`${item.field}_end`} noStyle>
            <Input aria-label={`${label}结束`} placeholder="结束" allowClear />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  if (item.view === 'list') {
    return (
      <Form.Item label={label} name={item.field} htmlFor={`popup-q-${item.field}`} style={{ marginInlineEnd: 0 }}>
        <Select
          id={`popup-q-${item.field}`}
          aria-label={label}
          allowClear
          placeholder={`请选择${label}`}
          options={(options ?? []).map((o) => ({ value: o.value, label: o.text }))}
          style={{ minWidth: 160 }}
        />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} name={item.field} htmlFor={`popup-q-${item.field}`} style={{ marginInlineEnd: 0 }}>
      <Input id={`popup-q-${item.field}`} placeholder={`请输入${label}`} allowClear />
    </Form.Item>
  );
}
