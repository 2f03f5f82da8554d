/**
 * The generic list page every list screen is built on (spec widgets §7 "generic list pages", §5.5, §6, §8, §9):
 * the search form in a card, then the table card with its toolbar — the screen's own buttons, 批量删除, 导出 (at
 * once or through the task centre), 导入 (the import dialog and the task centre), the advanced query trigger and
 * 列设置 — an error with 重试, and the server-paged table (10, 10/20/30, sort, ticks). Columns are cut by the user's
 * column settings, then by type-1 field rules (`fieldRulePrefix`), then to the screen (card layout on a phone).
 * Buttons follow permission codes; the server checks them again.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';
import { downloadStoredFile } from '../../lib/download-stored-file.ts';
import { useFocusableTableScroll } from '../../lib/focusable-table-scroll.ts';
import { useFeedback } from '../../lib/feedback.ts';
import { registerImportTask, uploadImportFile } from '../../lib/list-api.ts';
import { useListColumns } from '../../lib/list-columns.ts';
import { useListExport } from '../../lib/list-export.ts';
import { Authorized, useVisibleColumns } from '../../lib/permissions/index.ts';
import { useResponsiveColumns, type FitColumn } from '../../lib/server-table/responsive-columns.ts';
import { ImportExcelDialog } from '../import-excel/import-excel-dialog.tsx';
import { SuperQuery, type SuperQueryField, type SuperQueryOption } from '../super-query/index.ts';
import { ColumnSettings, settableColumn } from './column-settings.tsx';
import type { ListPageState } from './use-list-page.ts';

export interface ListExportConfig {
  /** The file's and the task's name, e.g. '工单导出'. */
  name: string;
  module?: string;
  method?: string;
  /** Permission code of 导出 (none: every user of the list). */
  permission?: string;
}

export interface ListImportConfig {
  /** The dialog's title, e.g. '导入工单'. */
  title: string;
  task: { businessType: string; module?: string; method?: string };
  /** How rows that already exist are treated, shown in the dialog. */
  rule?: string;
  /** Permission code of 导入. */
  permission?: string;
}

export interface ListSuperQueryConfig {
  fields: readonly SuperQueryField[];
  /** Options of dictionary fields (lib/api/dict.ts loadDictOptions); keep it stable. */
  loadOptions?: (dictCode: string) => Promise<SuperQueryOption[]>;
}

export interface ListPageProps<Row extends object, F extends object> {
  page: ListPageState<Row, F>;
  /** Names the list in the user's column settings (its route, usually). */
  listKey: string;
  title: ReactNode;
  /** The search form (its own card). */
  search?: ReactNode;
  /** The screen's own buttons, before the kit's. */
  toolbar?: ReactNode;
  /** The advanced query (高级查询) over these fields, evaluated by the server (superQueryParams). */
  superQuery?: ListSuperQueryConfig;
  columns: readonly FitColumn<Row>[];
  /** A phone's columns (card layout); default: the desktop ones. */
  compactColumns?: TableColumnsType<Row>;
  /** Type-1 field rules name columns as prefix + dataIndex (e.g. 'user:'). */
  fieldRulePrefix?: string;
  /** Permission code of 批量删除 (shown only with the api's deleteBatch). */
  batchDeletePermission?: string;
  exportConfig?: ListExportConfig;
  importConfig?: ListImportConfig;
  /** After an import went through, besides reloading the list. */
  onImported?: () => void;
  rowKey?: string;
  emptyText?: string;
  errorTitle?: string;
  rowClassName?: TableProps<Row>['rowClassName'];
  'data-testid'?: string;
  /** Test ids of the parts: `<prefix>-table`, `-error`, `-export`, `-import`, `-batch-delete` (default 'list'). */
  testIdPrefix?: string;
}

export function ListPage<Row extends object, F extends object>(props: ListPageProps<Row, F>) {
  const {
    page,
    listKey,
    title,
    search,
    toolbar,
    superQuery,
    columns,
    compactColumns,
    fieldRulePrefix,
    batchDeletePermission,
    exportConfig,
    importConfig,
    onImported,
    rowKey = 'id',
    emptyText = '暂无数据',
    errorTitle = '列表加载失败',
    rowClassName,
  } = props;
  const testId = props.testIdPrefix ?? 'list';
  const { api, table, noListUrl } = page;
  const { modal } = useFeedback();
  const exporting = useListExport();
  const [importing, setImporting] = useState(false);
  const settings = useListColumns(listKey);
  const root = useRef<HTMLDivElement>(null);
  useFocusableTableScroll(root, typeof title === 'string' ? `${title}表格` : '列表表格');

  const settable = useMemo(
    () => columns.map(settableColumn).filter((c): c is NonNullable<typeof c> => c !== null),
    [columns],
  );
  const chosen = useMemo(() => {
    const hidden = new Set(settings.hidden);
    return columns.filter((c) => {
      const s = settableColumn(c);
      return s === null || !hidden.has(s.key);
    });
  }, [columns, settings.hidden]);
  const permitted = useVisibleColumns(chosen, fieldRulePrefix === undefined ? {} : { prefix: fieldRulePrefix });
  const selection = table.tableProps.rowSelection !== undefined;
  const layout = useResponsiveColumns<Row>({
    columns: permitted,
    compactColumns: compactColumns ?? permitted,
    selection,
  });
  const { compact } = layout;
  const selected = table.selection.keys;

  const exportUrl = api.urls.exportXls;
  const exportRows = () => {
    if (!exportUrl || !exportConfig) return;
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = table.params;
    exporting.mutate({
      url: exportUrl,
      name: exportConfig.name,
      params: filters as Record<string, string | number | undefined>,
      selections: selected,
      total: table.total,
      ...(exportConfig.module === undefined ? {} : { module: exportConfig.module }),
      ...(exportConfig.method === undefined ? {} : { method: exportConfig.method }),
      confirm: (text) =>
        new Promise((resolve) =>
          modal.confirm({ title: '导出', content: text, onOk: () => resolve(true), onCancel: () => resolve(false) }),
        ),
    });
  };

  const exportLabel = selected.length > 0 ? `导出选中（${selected.length}）` : '导出';
  const iconButton = (label: string, icon: ReactNode, onClick: () => void, id: string, extra: object = {}) => (
    <Button icon={icon} onClick={onClick} aria-label={label} title={label} data-testid={`${testId}-${id}`} {...extra}>
      {compact ? null : label}
    </Button>
  );
  const gate = (permission: string | undefined, node: ReactNode) =>
    permission ? <Authorized action={permission}>{node}</Authorized> : node;

  const extra = (
    <Space wrap>
      {toolbar}
      {api.deleteBatch &&
        gate(
          batchDeletePermission,
          iconButton(LIST_PAGE_TEXT.batchDelete, <DeleteOutlined />, page.removeSelected, 'batch-delete', {
            danger: true,
            loading: page.removing,
          }),
        )}
      {importConfig &&
        api.urls.importExcel &&
        gate(
          importConfig.permission,
          iconButton('导入', <UploadOutlined />, () => setImporting(true), 'import'),
        )}
      {exportConfig &&
        exportUrl &&
        gate(
          exportConfig.permission,
          iconButton(exportLabel, <DownloadOutlined />, exportRows, 'export', { loading: exporting.isPending }),
        )}
      {superQuery && (
        <SuperQuery
          fields={superQuery.fields}
          routeKey={listKey}
          {...(superQuery.loadOptions ? { loadOptions: superQuery.loadOptions } : {})}
          active={table.state.superQuery !== null}
          onSearch={(conditions, matchType) => table.setSuperQuery({ conditions, matchType })}
          onReset={() => table.setSuperQuery(null)}
        />
      )}
      {settable.length > 1 && (
        <ColumnSettings columns={settable} hidden={settings.hidden} onChange={settings.setHidden} iconOnly={compact} />
      )}
    </Space>
  );

  const failure = noListUrl ? new Error(LIST_PAGE_TEXT.noListUrl) : table.error;
  return (
    <Flex vertical gap={16} ref={root} data-testid={props['data-testid'] ?? 'list-page'}>
      {search ? <Card size="small">{search}</Card> : null}
      <Card size="small" title={title} extra={extra}>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={noListUrl ? LIST_PAGE_TEXT.noListUrl : errorTitle}
            description={noListUrl ? undefined : failure.message}
            action={
              noListUrl ? undefined : (
                <Button size="small" onClick={() => void table.refetch()}>
                  重试
                </Button>
              )
            }
            style={{ marginBottom: 16 }}
            data-testid={`${testId}-error`}
          />
        ) : null}
        <Table<Row>
          {...table.tableProps}
          rowKey={rowKey}
          size="middle"
          columns={layout.columns}
          // Without phone columns the desktop ones scroll inside the card rather than widen the page.
          scroll={compact && !compactColumns ? { x: 'max-content' } : layout.scroll}
          // The phone's card column takes what the fixed columns leave: a long text in a card is cut (ellipsis)
          // instead of widening the table past the screen.
          {...(compact && compactColumns ? { tableLayout: 'fixed' as const } : {})}
          // The table's own placeholder grey is below AA: the text gets the secondary colour, which passes.
          locale={{ emptyText: <Typography.Text type="secondary">{failure ? '加载失败' : emptyText}</Typography.Text> }}
          {...(rowClassName ? { rowClassName } : {})}
          data-testid={`${testId}-table`}
        />
      </Card>
      {importConfig && api.urls.importExcel ? (
        <ImportExcelDialog
          open={importing}
          onClose={() => setImporting(false)}
          title={importConfig.title}
          {...(importConfig.rule === undefined ? {} : { rule: importConfig.rule })}
          importUrl={api.urls.importExcel}
          task={importConfig.task}
          upload={uploadImportFile}
          registerTask={registerImportTask}
          downloadDetail={downloadStoredFile}
          onImported={() => {
            void table.refetch();
            onImported?.();
          }}
        />
      ) : null}
    </Flex>
  );
}
