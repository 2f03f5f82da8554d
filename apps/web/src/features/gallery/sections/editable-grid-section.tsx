/**
 * Gallery: the editable grid (spec 001 §2.2, issue 13) — cell types, column rules with 校验, statistics, the
 * toolbar (新增 with its settings, 批量删除), the drag-sort column, copy/paste, undo/redo, a tree-table loading its
 * children on expand, and a hundred thousand rows.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Space, Typography } from 'antd';
import type { GridColumn, GridRow } from '@houtai/shared/grid/types';
import { EditableGrid, type EditableGridApi } from '../../../widgets/editable-grid/editable-grid.tsx';
import { cellText } from '../../../widgets/editable-grid/model/clipboard.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const COLUMNS: GridColumn[] = [
  { key: 'name', title: '物料名称', type: 'input', fixed: 'left', validateRules: [{ required: true }] },
  {
    key: 'code',
    title: '物料编码',
    type: 'input',
    validateRules: [{ required: true }, { unique: true }, { pattern: 's' }],
  },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'], validateRules: [{ pattern: 'z' }] },
  { key: 'price', title: '单价', type: 'inputNumber', statistics: ['average'], validateRules: [{ pattern: 'money' }] },
  {
    key: 'unit',
    title: '单位',
    type: 'select',
    options: [
      { value: 'pcs', text: '个' },
      { value: 'kg', text: '千克' },
      { value: 'm', text: '米' },
    ],
  },
  {
    key: 'tags',
    title: '标签',
    type: 'list_multi',
    options: [
      { value: 'a', text: '急' },
      { value: 'b', text: '重' },
    ],
  },
  { key: 'mobile', title: '联系手机', type: 'input', validateRules: [{ pattern: 'm' }] },
  { key: 'date', title: '到货日期', type: 'date' },
  { key: 'time', title: '送达时间', type: 'datetime' },
  { key: 'enabled', title: '启用', type: 'switch' },
  { key: 'checked', title: '已检', type: 'checkbox_meta', customValue: ['1', '0'] },
  { key: 'progress', title: '进度', type: 'progress' },
  { key: 'remark', title: '备注', type: 'textarea' },
  { key: 'orderNum', title: '排序', type: 'normal', isOrder: true },
];

function demoRows(): GridRow[] {
  return [
    {
      id: 'm1',
      name: '螺栓',
      code: 'BOLT',
      qty: 120,
      price: 0.35,
      unit: 'pcs',
      tags: 'a',
      mobile: '13800138000',
      date: '2026-11-20',
      time: '2026-11-20 09:30:00',
      enabled: 'Y',
      checked: '1',
      progress: 40,
      remark: '',
      orderNum: 1,
    },
    {
      id: 'm2',
      name: '钢板',
      code: 'PLATE',
      qty: 8,
      price: 420,
      unit: 'kg',
      tags: 'a,b',
      mobile: '1380013800',
      date: '2026-11-22',
      time: '2026-11-22 14:00:00',
      enabled: 'N',
      checked: '0',
      progress: 100,
      remark: '分批',
      orderNum: 2,
    },
    {
      id: 'm3',
      name: '',
      code: 'BOLT',
      qty: 3.5,
      price: 12.345,
      unit: 'm',
      tags: '',
      mobile: '',
      date: '',
      time: '',
      enabled: '',
      checked: '0',
      progress: 'x',
      remark: '',
      orderNum: 3,
    },
  ];
}

const TREE_COLUMNS: GridColumn[] = [
  { key: 'title', title: '部门', type: 'input' },
  { key: 'code', title: '编码', type: 'normal' },
  { key: 'head', title: '负责人', type: 'input' },
];

function treeRows(): GridRow[] {
  return [
    { id: 'd1', title: '华东区', code: 'A01', head: '王伟', hasChildren: true },
    { id: 'd2', title: '华南区', code: 'A02', head: '李娜', hasChildren: true },
  ];
}

/** Children of a tree row, a moment later (as a server would answer). */
function loadChildren(parentId: string): Promise<GridRow[]> {
  return new Promise((resolve) =>
    setTimeout(
      () =>
        resolve(
          [1, 2].map((n) => ({
            id: `${parentId}-${n}`,
            title: `${parentId === 'd1' ? '上海' : '深圳'}${n}部`,
            code: `${parentId}-${n}`,
            head: '',
            parentId,
          })),
        ),
      300,
    ),
  );
}

const BIG_COLUMNS: GridColumn[] = [
  { key: 'seq', title: '序号', type: 'normal' },
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'date', title: '日期', type: 'date' },
];

function bigRows(n: number): GridRow[] {
  const rows = new Array<GridRow>(n);
  for (let i = 0; i < n; i++)
    rows[i] = { id: String(i + 1), seq: i + 1, name: `记录${i + 1}`, qty: (i * 7) % 100, date: '2026-11-26' };
  return rows;
}

/** A row's sub-table in the demo: its arrivals, a moment later (as a server would answer). */
function loadArrivals(row: GridRow): Promise<ReactNode> {
  return new Promise((resolve) =>
    setTimeout(
      () =>
        resolve(
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="grid-sub-table-rows">
            <li>
              2026-11-18 入库 {cellText(row.qty)} {cellText(row.unit)}
            </li>
            <li>2026-11-20 质检通过</li>
          </ul>,
        ),
      200,
    ),
  );
}

function Demo() {
  const api = useRef<EditableGridApi>(null);
  const [rows] = useState(demoRows);
  const [result, setResult] = useState<unknown>();
  const [tree] = useState(treeRows);
  const [big, setBig] = useState<GridRow[] | null>(null);
  // The demo's columns carry their options; no loader is needed (a real page passes its dictionaries and pickers).
  const cellContext = useMemo(() => ({}), []);
  return (
    <Flex vertical gap={24}>
      <Variant
        label="单元格类型、校验规则、合计与平均、拖动排序（上移 / 下移 / 插入一行）"
        value={result}
        valueTestId="grid-demo-value"
      >
        <Space style={{ marginBottom: 8 }}>
          <Button
            data-testid="grid-demo-validate"
            onClick={async () => {
              const v = await api.current?.validate();
              setResult(
                v?.valid ? '校验通过' : `校验未通过：${v?.errors.length ?? 0} 处，第一处：${v?.first?.message ?? ''}`,
              );
            }}
          >
            校验
          </Button>
          <Button
            type="primary"
            data-testid="grid-demo-save"
            onClick={async () => {
              const v = await api.current?.validate();
              if (!v?.valid) {
                setResult('有未通过校验的单元格，不能保存');
                return;
              }
              setResult(api.current?.getChanges());
            }}
          >
            保存
          </Button>
        </Space>
        <EditableGrid
          gridId="gallery-demo"
          label="物料明细"
          apiRef={api}
          columns={COLUMNS}
          rows={rows}
          dragSort
          cellContext={cellContext}
          subTable={{ title: '入库记录', load: loadArrivals }}
          disabledRows={{ checked: 'locked' }}
          data-testid="grid-demo"
        />
      </Variant>
      <Variant label="树形表格：展开时加载子节点（parentId）">
        <EditableGrid
          gridId="gallery-tree"
          label="部门树"
          columns={TREE_COLUMNS}
          rows={tree}
          toolbar={false}
          rowSelection={false}
          loadChildren={loadChildren}
          cellContext={cellContext}
          data-testid="grid-tree"
        />
      </Variant>
      <Variant label="十万行：只绘制看得见的行和列">
        {big ? (
          <EditableGrid
            gridId="gallery-big"
            label="十万行"
            columns={BIG_COLUMNS}
            rows={big}
            cellContext={cellContext}
            data-testid="grid-big"
          />
        ) : (
          <Button onClick={() => setBig(bigRows(100_000))} data-testid="grid-big-load">
            生成十万行
          </Button>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          方向键移动，Enter 编辑，Esc 取消，Ctrl+C / Ctrl+V 复制粘贴（可从表格软件粘贴），Ctrl+Z / Ctrl+Y 撤销重做。
        </Typography.Paragraph>
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'editable-grid',
  title: '可编辑表格',
  order: 95,
  description: '行和列都按可见区域绘制的可编辑表格：单元格类型、校验、统计、树形、复制粘贴、撤销重做。',
  Component: Demo,
};
