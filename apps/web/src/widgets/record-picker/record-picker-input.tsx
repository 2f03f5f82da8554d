/**
 * The field of a table picker: a read-only input showing the chosen records' texts, a clear button that empties text
 * and value, and the picker dialog opened by a click, Enter or Space. The value is the chosen keys comma-joined (the
 * JeecgBoot form); a value set from outside is shown by its texts through `resolve` when the caller gives one.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Input } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { cellText } from './cut-text.ts';
import './record-picker.css';

export interface PickerFieldProps<Row> {
  /** Chosen keys, comma-joined. */
  value?: string | undefined;
  onChange?: (value: string, rows: Row[]) => void;
  /** The dialog was closed without a choice (取消, ×, Escape). */
  onCancel?: () => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

export interface RecordPickerInputProps<Row> extends PickerFieldProps<Row> {
  rowKey: keyof Row & string;
  labelOf: (row: Row) => string;
  /** The records a value set from outside names (their texts are shown). Keep it stable (module level or memoised). */
  resolve?: ((keys: string[]) => Promise<Row[]>) | undefined;
  /** The dialog, given the rows chosen now; it calls `done` with the new choice or null (cancelled). */
  renderModal: (args: { open: boolean; selected: Row[]; done: (rows: Row[] | null) => void }) => ReactNode;
}

export const splitKeys = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function RecordPickerInput<Row extends object>({
  value,
  onChange,
  onCancel,
  rowKey,
  labelOf,
  resolve,
  renderModal,
  id,
  placeholder = '请选择',
  disabled,
  ...rest
}: RecordPickerInputProps<Row>) {
  const [open, setOpen] = useState(false);
  // Rows known by key; null for a key that names nothing (it is not asked about again).
  const [known, setKnown] = useState<ReadonlyMap<string, Row | null>>(new Map());
  const keys = splitKeys(value);
  const missing = keys.filter((k) => !known.has(k)).join(',');

  useEffect(() => {
    if (!resolve || missing === '') return;
    const list = missing.split(',');
    let live = true;
    const settle = (rows: readonly Row[]) => {
      if (!live) return;
      const byKey = new Map(rows.map((r) => [cellText(r[rowKey]), r] as [string, Row]));
      setKnown((old) => new Map([...old, ...list.map((k) => [k, byKey.get(k) ?? null] as [string, Row | null])]));
    };
    resolve(list).then(settle, () => settle([]));
    return () => {
      live = false;
    };
  }, [missing, resolve, rowKey]);

  const rowOf = (k: string): Row | null => known.get(k) ?? null;
  const text = keys
    .map((k) => {
      const r = rowOf(k);
      return r ? labelOf(r) : k;
    })
    .join(',');
  const selected = keys.map(rowOf).filter((r): r is Row => r !== null);

  const done = (rows: Row[] | null) => {
    setOpen(false);
    if (!rows) {
      onCancel?.();
      return;
    }
    setKnown((old) => new Map([...old, ...rows.map((r) => [cellText(r[rowKey]), r] as [string, Row | null])]));
    onChange?.(rows.map((r) => cellText(r[rowKey])).join(','), rows);
  };

  return (
    <>
      <Input
        id={id}
        readOnly
        className="record-picker-input"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        suffix={
          text && !disabled ? (
            // antd hides its own clear icon on a read-only input: this one empties the text and the stored value.
            <button
              type="button"
              className="record-picker-input__clear"
              aria-label="清除"
              onClick={(e) => {
                e.stopPropagation();
                onChange?.('', []);
              }}
              onKeyDown={(e) => e.stopPropagation()}
            >
              <CloseCircleFilled aria-hidden />
            </button>
          ) : (
            <SearchOutlined aria-hidden />
          )
        }
        aria-haspopup="dialog"
        aria-label={rest['aria-label']}
        data-testid={rest['data-testid']}
        onClick={() => !disabled && setOpen(true)}
        onKeyDown={(e) => {
          if (disabled) return;
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      />
      {renderModal({ open, selected, done })}
    </>
  );
}
