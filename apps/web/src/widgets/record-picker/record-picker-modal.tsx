/**
 * A list in a dialog to choose records from (the table pickers: users, roles, positions, shifts, business records):
 * a search form, a server-paged table, one or many rows, and optionally the side list of what is chosen, where an
 * item can be removed. The choice survives paging (rows of other pages stay chosen). OK with nothing chosen says
 * '请选择一条记录' and stays open. It never fetches on its own: `load` is the caller's (lib/api/pickers.ts).
 */
import { LoadErrorAlert } from '../../lib/load-error-alert.tsx';
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Form, Input, List, Modal, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { PICKER_TEXT } from '@houtai/shared/contract/pickers-rules';
import { useFeedback } from '../../lib/feedback.ts';
import { useServerTable, type TablePage } from '../../lib/server-table/use-server-table.ts';
import type { TableParams } from '../../lib/server-table/table-state.ts';
import { cellText, cutText } from './cut-text.ts';

export interface RecordPickerColumn<Row> {
  title: string;
  dataIndex: keyof Row & string;
  width?: number;
  /** The API column when the column sorts on the server. */
  sortColumn?: string;
}

export interface RecordPickerSearchField {
  /** The request parameter. */
  name: string;
  label: string;
}

export type RecordFilters = Record<string, string | undefined>;
export type RecordLoader<Row> = (params: TableParams<RecordFilters>) => Promise<TablePage<Row>>;

export interface RecordPickerModalProps<Row> {
  open: boolean;
  title: string;
  /** Default 900. */
  width?: number;
  columns: readonly RecordPickerColumn<Row>[];
  /** Keep it stable (module level): it keys the dialog's pages. */
  load: RecordLoader<Row>;
  rowKey: keyof Row & string;
  /** Text of a chosen row (the side list, the picker's input). */
  labelOf: (row: Row) => string;
  multiple?: boolean;
  searchFields?: readonly RecordPickerSearchField[];
  /** Fixed request parameters (e.g. status '1'). */
  fixedFilters?: RecordFilters;
  /** Default 10. */
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  /** Cells longer than this many characters are cut, the whole text in a tooltip. */
  ellipsis?: number;
  /** Shows the chosen records beside the table, each removable. */
  sideList?: boolean;
  /**
   * A panel before the table (the user picker's department tree); it narrows the list through `filter` (e.g.
   * `{ departId }`), kept with the search form's values.
   */
  aside?: (filter: (extra: RecordFilters) => void) => ReactNode;
  /** Chosen when the dialog opens (the picker's current value). */
  initialSelected?: readonly Row[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
  'data-testid'?: string;
}

export function RecordPickerModal<Row extends object>(props: RecordPickerModalProps<Row>) {
  const { open, title, width = 900, onCancel } = props;
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      data-testid={props['data-testid']}
    >
      {/* Mounted per opening (destroyOnHidden): every opening starts on page 1 with the current value chosen. */}
      <RecordPickerBody {...props} />
    </Modal>
  );
}

function RecordPickerBody<Row extends object>({
  columns,
  load,
  rowKey,
  labelOf,
  multiple = false,
  searchFields = [],
  fixedFilters,
  pageSize,
  pageSizeOptions,
  ellipsis,
  sideList = false,
  aside,
  initialSelected = [],
  onOk,
  onCancel,
}: RecordPickerModalProps<Row>) {
  const { message } = useFeedback();
  const [form] = Form.useForm<RecordFilters>();
  const keyOf = (row: Row) => cellText(row[rowKey]);
  const [chosen, setChosen] = useState<Map<string, Row>>(() => new Map(initialSelected.map((r) => [keyOf(r), r])));
  const sortable = useMemo(
    () => Object.fromEntries(columns.filter((c) => c.sortColumn).map((c) => [c.dataIndex, c.sortColumn!])),
    [columns],
  );
  const table = useServerTable<Row, RecordFilters>({
    load,
    initialFilters: { ...fixedFilters },
    ...(pageSize === undefined ? {} : { pageSize }),
    ...(pageSizeOptions === undefined ? {} : { pageSizeOptions }),
    sortable,
    gcTime: 0,
  });

  const tableColumns: TableColumnsType<Row> = columns.map((c) => ({
    title: c.title,
    dataIndex: c.dataIndex,
    ...(c.width === undefined ? {} : { width: c.width }),
    ...(c.sortColumn ? { sorter: true, sortOrder: table.sortOrderOf(c.dataIndex) } : {}),
    render: (value: unknown) => {
      const text = cellText(value);
      if (ellipsis === undefined) return text;
      const { shown, cut } = cutText(text, ellipsis);
      return cut ? (
        <Tooltip title={text}>
          <span>{shown}</span>
        </Tooltip>
      ) : (
        shown
      );
    },
  }));

  const choose = (rows: readonly Row[], selected: boolean) =>
    setChosen((old) => {
      const next = multiple ? new Map(old) : new Map<string, Row>();
      for (const r of rows) {
        if (selected) next.set(keyOf(r), r);
        else next.delete(keyOf(r));
      }
      return next;
    });

  const confirm = () => {
    if (chosen.size === 0) {
      void message.warning(PICKER_TEXT.recordRequired);
      return;
    }
    onOk([...chosen.values()]);
  };

  // The aside's filter (a department), kept across searches of the form.
  const [extra, setExtra] = useState<RecordFilters>({});
  const searchWith = (values: RecordFilters, narrow: RecordFilters) => {
    const cleaned = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && v.trim() ? v.trim() : undefined]),
    );
    table.searchProps.onSearch({ ...cleaned, ...narrow, ...fixedFilters });
  };
  const search = (values: RecordFilters) => searchWith(values, extra);
  const filterBy = (next: RecordFilters) => {
    setExtra(next);
    searchWith(form.getFieldsValue(), next);
  };

  const tableBlock = (
    <div className="record-picker__table">
      {searchFields.length > 0 && (
        <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
          {searchFields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <Input allowClear aria-label={f.label} placeholder={`请输入${f.label}`} style={{ width: 160 }} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {table.error ? (
        <LoadErrorAlert title="加载失败" error={table.error} onRetry={() => void table.refetch()} />
      ) : null}
      <Table<Row>
        {...table.tableProps}
        rowKey={(r) => keyOf(r)}
        size="small"
        columns={tableColumns}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...chosen.keys()],
          onSelect: (row, selected) => choose([row], selected),
          onSelectAll: (selected, _rows, changed) => choose(changed, selected),
          getCheckboxProps: (row) => ({ 'aria-label': `选择 ${labelOf(row)}` }),
        }}
        onRow={(row) => ({ onClick: () => choose([row], multiple ? !chosen.has(keyOf(row)) : true) })}
      />
    </div>
  );

  const main = aside ? (
    <div className="record-picker record-picker--aside">
      <section className="record-picker__aside" aria-label="筛选">
        {aside(filterBy)}
      </section>
      {tableBlock}
    </div>
  ) : (
    tableBlock
  );

  return (
    <>
      {sideList ? (
        <div className="record-picker record-picker--side">
          {main}
          <section className="record-picker__chosen" aria-label="已选择">
            <Typography.Text strong>已选择（{chosen.size}）</Typography.Text>
            <List
              size="small"
              dataSource={[...chosen.entries()]}
              locale={{ emptyText: <Typography.Text>尚未选择</Typography.Text> }}
              data-testid="record-picker-chosen"
              renderItem={([key, row]) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={`移除 ${labelOf(row)}`}
                      onClick={() => choose([row], false)}
                    />,
                  ]}
                >
                  <span data-key={key}>{labelOf(row)}</span>
                </List.Item>
              )}
            />
          </section>
        </div>
      ) : (
        main
      )}
      <div className="record-picker__footer">
        <Space>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" onClick={confirm}>
            确定
          </Button>
        </Space>
      </div>
    </>
  );
}
