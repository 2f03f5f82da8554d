/**
 * The editable grid's toolbar (spec 001 §2.2, §6): 新增 (adds the configured number of rows at the configured
 * position), 批量删除 of the ticked rows, and the add-row settings popover (rows ≥ 1, default 1; insert position
 * 0..row count, 0 = the bottom), saved in the browser per grid. Buttons the caller's excluded permission codes name
 * (`add`, `batch_delete`) are not drawn. Used by editable-grid.tsx only.
 */
import { memo, useState } from 'react';
import { Button, Form, InputNumber, Popover, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { AddRowSettings } from './model/add-row-settings.ts';

export const GRID_TOOLBAR_TEXT = {
  add: '新增',
  batchDelete: '批量删除',
  settings: '新增设置',
  rows: '新增行数',
  position: '插入位置',
  positionHelp: '0 表示添加到最后',
} as const;

export interface GridToolbarProps {
  /** Codes hidden by permission (already without the authPre prefix): 'add', 'batch_delete'. */
  excluded: ReadonlySet<string>;
  selectedCount: number;
  rowCount: number;
  settings: AddRowSettings;
  onSettings: (settings: AddRowSettings) => void;
  onAdd: () => void;
  onBatchDelete: () => void;
  disabled?: boolean;
}

/** Memoised: the grid gives it stable handlers, so a cell edit does not draw it again. */
export const GridToolbar = memo(function GridToolbar({
  excluded,
  selectedCount,
  rowCount,
  settings,
  onSettings,
  onAdd,
  onBatchDelete,
  disabled,
}: GridToolbarProps) {
  const [open, setOpen] = useState(false);
  const canAdd = !excluded.has('add');
  const canDelete = !excluded.has('batch_delete');
  if (!canAdd && !canDelete) return null;
  return (
    <Space wrap style={{ marginBottom: 8 }} data-testid="grid-toolbar">
      {canAdd ? (
        <Space.Compact>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} disabled={disabled} data-testid="grid-add">
            {GRID_TOOLBAR_TEXT.add}
          </Button>
          <Popover
            trigger="click"
            open={open}
            onOpenChange={setOpen}
            title={GRID_TOOLBAR_TEXT.settings}
            content={
              <Form layout="vertical" style={{ width: 200 }} data-testid="grid-add-settings">
                <Form.Item label={GRID_TOOLBAR_TEXT.rows} style={{ marginBottom: 8 }}>
                  <InputNumber
                    min={1}
                    precision={0}
                    value={settings.rows}
                    onChange={(v) => onSettings({ ...settings, rows: v ?? 1 })}
                    style={{ width: '100%' }}
                    aria-label={GRID_TOOLBAR_TEXT.rows}
                  />
                </Form.Item>
                <Form.Item
                  label={GRID_TOOLBAR_TEXT.position}
                  help={GRID_TOOLBAR_TEXT.positionHelp}
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber
                    min={0}
                    max={rowCount}
                    precision={0}
                    value={settings.position}
                    onChange={(v) => onSettings({ ...settings, position: v ?? 0 })}
                    style={{ width: '100%' }}
                    aria-label={GRID_TOOLBAR_TEXT.position}
                  />
                </Form.Item>
              </Form>
            }
          >
            <Button icon={<SettingOutlined />} aria-label={GRID_TOOLBAR_TEXT.settings} disabled={disabled} />
          </Popover>
        </Space.Compact>
      ) : null}
      {canDelete ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={onBatchDelete}
          disabled={disabled || selectedCount === 0}
          data-testid="grid-batch-delete"
        >
          {GRID_TOOLBAR_TEXT.batchDelete}
        </Button>
      ) : null}
    </Space>
  );
});
