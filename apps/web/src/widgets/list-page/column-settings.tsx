/**
 * 列设置: a popover that ticks the columns a list shows. The choice is the user's (saved by the caller, e.g.
 * lib/list-columns.ts on the server); columns without a text title (selection, actions) are always shown.
 */
import { useId } from 'react';
import { Button, Checkbox, Flex, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { LIST_PAGE_TEXT } from '@houtai/shared/contract/list-page';

export interface SettableColumn {
  key: string;
  title: string;
}

export interface ColumnSettingsProps {
  columns: readonly SettableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  /** Only the icon (a phone's toolbar). */
  iconOnly?: boolean;
}

export function ColumnSettings({ columns, hidden, onChange, iconOnly = false }: ColumnSettingsProps) {
  const titleId = useId();
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <Flex vertical gap={8} style={{ minWidth: 160 }} role="group" aria-labelledby={titleId}>
      <Checkbox.Group
        value={shown}
        onChange={(keys) => {
          const visible = new Set(keys.map(String));
          onChange(columns.filter((c) => !visible.has(c.key)).map((c) => c.key));
        }}
      >
        <Flex vertical gap={4}>
          {columns.map((c) => (
            <Checkbox key={c.key} value={c.key} data-testid={`column-setting-${c.key}`}>
              {c.title}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Button size="small" onClick={() => onChange([])} disabled={hidden.length === 0}>
        {LIST_PAGE_TEXT.columnSettingsReset}
      </Button>
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={<span id={titleId}>{LIST_PAGE_TEXT.columnSettings}</span>}
      content={content}
    >
      <Button
        icon={<SettingOutlined />}
        aria-label={LIST_PAGE_TEXT.columnSettings}
        title={LIST_PAGE_TEXT.columnSettings}
        data-testid="list-column-settings"
      >
        {iconOnly ? null : LIST_PAGE_TEXT.columnSettings}
      </Button>
    </Popover>
  );
}

/** A column's settings key: its `key`, else its string dataIndex; null when it has none or no text title. */
export function settableColumn(column: { key?: unknown; dataIndex?: unknown; title?: unknown }): SettableColumn | null {
  if (typeof column.title !== 'string') return null;
  const key =
    typeof column.key === 'string' ? column.key : typeof column.dataIndex === 'string' ? column.dataIndex : null;
  if (key === null || key === 'actions') return null;
  return { key, title: column.title };
}
