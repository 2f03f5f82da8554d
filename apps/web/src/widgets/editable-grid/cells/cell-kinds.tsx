/**
 * Every cell type of the editable grid (spec widgets §2.2, §3, §4, §5.2): what a cell shows, its in-place editor,
 * whether it is editable and how it is aligned. The grid's owner (editable-grid.tsx) gets a CellKind per column
 * with `cellKind(column)` and hands the view (view/grid-view.tsx) `renderValue` / `renderEditor` built by
 * `cellRenderers`. Displays of text-like types are plain text (thousands are mounted while scrolling); checkbox,
 * switch and radio cells are real inputs toggled in place through ctx.commitNow.
 */
import { useId, type ReactNode } from 'react';
import type { GridCellType, GridColumn, GridOption, GridRow } from '@houtai/shared/grid/types';
import {
  acceptNumberInput,
  checkboxValue,
  formatTagInput,
  isCheckboxChecked,
  isSwitchOn,
  normaliseTemporal,
  numberOnBlur,
  progressText,
  progressValue,
  splitMulti,
  switchValue,
  GRID_DATE_FORMATS,
  type GridTemporalType,
} from '@houtai/shared/grid/cell-values';
import { cellText } from '../model/clipboard.ts';
import type { GridEditorProps, GridViewColumn } from '../view/grid-view.tsx';
import { CellFileUpload } from '../../upload/cell-file-upload.tsx';
import { itemsFromValue, cellName, type UploadValue } from '../../upload/upload-rules.ts';
import { DepartPicker } from '../../depart-picker/depart-picker.tsx';
import { UserPicker } from '../../user-picker/user-picker.tsx';
import { userLabel } from '../../user-picker/user-list-picker.tsx';
import { PopupPicker } from '../../popup-picker/popup-picker.tsx';
import {
  learnTexts,
  optionText,
  useColumnOptions,
  useResolvedText,
  valueText,
  type CellContext,
} from './cell-context.ts';
import {
  CheckCellEditor,
  OptionCellEditor,
  TextCellEditor,
  WidgetCellEditor,
  type CellEditorProps,
  type TextParse,
} from './cell-editors.tsx';
import './cells.css';

export type { CellEditorProps };

export interface CellKind {
  /** What the cell shows when it is not being edited. */
  display: (row: GridRow, column: GridColumn, rowIndex: number, ctx: CellContext) => ReactNode;
  /** The in-place editor (Enter, F2, double-click or typing); none for cells that cannot be edited. */
  editor?: (props: CellEditorProps) => ReactNode;
  editable: boolean;
  align: 'left' | 'right' | 'center';
}

/** "<title> 第 N 行": the name of an input drawn in a cell. */
export function cellLabel(column: GridColumn, rowIndex: number): string {
  return `${column.title} 第 ${rowIndex + 1} 行`;
}

const isDisabled = (row: GridRow, column: GridColumn, ctx: CellContext): boolean =>
  column.disabled === true || (ctx.isRowDisabled?.(row) ?? false);

// ---------------------------------------------------------------------------------------------------------------
// displays

const textDisplay: CellKind['display'] = (row, column) => cellText(row[column.key]);

/** Text of a value among a column's options: inline options at once, a dictionary's once it has loaded. */
function OptionText({
  value,
  column,
  ctx,
  multiple,
}: {
  value: unknown;
  column: GridColumn;
  ctx: CellContext;
  multiple: boolean;
}) {
  const options = useColumnOptions(column, ctx);
  return <>{optionsText(value, options, multiple)}</>;
}

function optionsText(value: unknown, options: readonly GridOption[], multiple: boolean): string {
  if (!multiple) return valueText(cellText(value), options);
  return splitMulti(typeof value === 'string' || Array.isArray(value) ? value : cellText(value))
    .map((v) => valueText(v, options))
    .join(',');
}

function optionDisplay(multiple: boolean): CellKind['display'] {
  return (row, column, _rowIndex, ctx) => {
    const value = row[column.key];
    if (value === undefined || value === null || value === '') return '';
    // Inline options need no hook (no component per cell).
    if (column.options) return optionsText(value, column.options, multiple);
    return <OptionText value={value} column={column} ctx={ctx} multiple={multiple} />;
  };
}

function ResolvedText({ column, ctx, value }: { column: GridColumn; ctx: CellContext; value: string }) {
  return <>{useResolvedText(column, ctx, value)}</>;
}

/** Stored keys shown by their texts (ctx.resolveTexts), or as they are. */
const resolvedDisplay: CellKind['display'] = (row, column, _rowIndex, ctx) => {
  const value = cellText(row[column.key]);
  if (value === '' || !ctx.resolveTexts) return value;
  return <ResolvedText column={column} ctx={ctx} value={value} />;
};

function CheckDisplay(p: {
  row: GridRow;
  column: GridColumn;
  rowIndex: number;
  ctx: CellContext;
  checked: boolean;
  valueOf: (checked: boolean) => unknown;
  role?: 'switch';
}) {
  return (
    <input
      type="checkbox"
      role={p.role}
      className={p.role === 'switch' ? 'hg-switch' : 'hg-check'}
      tabIndex={-1}
      aria-label={cellLabel(p.column, p.rowIndex)}
      checked={p.checked}
      disabled={isDisabled(p.row, p.column, p.ctx)}
      onChange={(e) => p.ctx.commitNow(p.rowIndex, p.column.key, p.valueOf(e.target.checked))}
    />
  );
}

/** A plain checkbox stores true/false; checkbox_meta its customValue pair (checkbox-values in the shared rules). */
const checkColumn = (column: GridColumn): Pick<GridColumn, 'customValue'> =>
  column.type === 'checkbox_meta' ? column : {};

function RadioDisplay({
  row,
  column,
  rowIndex,
  ctx,
}: {
  row: GridRow;
  column: GridColumn;
  rowIndex: number;
  ctx: CellContext;
}) {
  const options = useColumnOptions(column, ctx);
  const name = useId();
  const value = cellText(row[column.key]);
  const disabled = isDisabled(row, column, ctx);
  return (
    <span role="radiogroup" aria-label={cellLabel(column, rowIndex)} className="hg-radios">
      {options.map((o) => (
        <label key={o.value} className="hg-radio">
          <input
            type="radio"
            tabIndex={-1}
            name={name}
            value={o.value}
            checked={o.value === value}
            disabled={disabled || o.disabled}
            onChange={() => ctx.commitNow(rowIndex, column.key, o.value)}
          />
          {optionText(o)}
        </label>
      ))}
    </span>
  );
}

function progressDisplay(row: GridRow, column: GridColumn, rowIndex: number): ReactNode {
  const value = progressValue(row[column.key]);
  const width = Math.min(100, Math.max(0, value));
  return (
    <span
      className="hg-progress"
      role="progressbar"
      aria-label={cellLabel(column, rowIndex)}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span className="hg-progress-track">
        <span className="hg-progress-bar" style={{ width: `${width}%` }} />
      </span>
      <span className="hg-progress-text">{progressText(row[column.key])}</span>
    </span>
  );
}

function uploadValue(value: unknown): UploadValue | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value as UploadValue;
  return null;
}

function uploadDisplay(image: boolean): CellKind['display'] {
  return (row, column, _rowIndex, ctx) => {
    const items = itemsFromValue(uploadValue(row[column.key]));
    if (items.length === 0) return '';
    if (image && ctx.resolveUrl) {
      const resolve = ctx.resolveUrl;
      return (
        <span className="hg-images">
          {items.map((i) => (
            <img key={i.uid} className="hg-thumb" src={resolve(i.path ?? '')} alt={i.name} />
          ))}
        </span>
      );
    }
    return <span title={items.map((i) => i.name).join(',')}>{items.map((i) => cellName(i.name)).join(',')}</span>;
  };
}

function slotDisplay(row: GridRow, column: GridColumn, rowIndex: number, ctx: CellContext): ReactNode {
  const slot = ctx.slots?.[column.key];
  if (typeof slot === 'function') return slot({ row, column, rowIndex, value: row[column.key] });
  return slot ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// editors

const numberParse = (text: string): TextParse => ({ value: numberOnBlur(text) });

function temporalParse(type: GridTemporalType): (text: string) => TextParse {
  return (text) => {
    const value = normaliseTemporal(type, text);
    return value === null ? 'invalid' : { value };
  };
}

const temporalKind = (type: GridTemporalType): CellKind => ({
  display: textDisplay,
  editor: (p) => (
    <TextCellEditor
      editor={p}
      options={{
        parse: temporalParse(type),
        placeholder: p.column.placeholder === undefined ? GRID_DATE_FORMATS[type] : undefined,
        calendar: type === 'time' ? undefined : type,
      }}
    />
  ),
  editable: true,
  align: 'left',
});

function pickerEditor(p: CellEditorProps): ReactNode {
  const { column, ctx, row } = p;
  const value = cellText(row[column.key]);
  const multiple = column.fieldExtendJson?.multiSelect === true;
  if (column.type === 'sel_depart' && ctx.departLoaders) {
    const loaders = ctx.departLoaders;
    return (
      <WidgetCellEditor
        editor={p}
        open
        render={(commit, cancel) => (
          <DepartPicker
            onCancel={cancel}
            loaders={loaders}
            multiple={multiple}
            value={value}
            aria-label={column.title}
            onChange={(v, rows) => {
              learnTexts(column, ctx, Object.fromEntries(rows.map((d) => [d.id, d.departName])));
              commit(v);
            }}
          />
        )}
      />
    );
  }
  if (column.type === 'sel_user' && ctx.userLoaders) {
    const loaders = ctx.userLoaders;
    return (
      <WidgetCellEditor
        editor={p}
        open
        render={(commit, cancel) => (
          <UserPicker
            onCancel={cancel}
            loaders={loaders}
            multiple={multiple}
            value={value}
            aria-label={column.title}
            onChange={(v, rows) => {
              learnTexts(column, ctx, Object.fromEntries(rows.map((u) => [u.username, userLabel(u)])));
              commit(v);
            }}
          />
        )}
      />
    );
  }
  if (column.type === 'popup' && ctx.popupLoaders && column.popupCode) {
    const loaders = ctx.popupLoaders;
    return (
      <WidgetCellEditor
        editor={p}
        open
        render={(commit, cancel) => (
          <PopupPicker
            onCancel={cancel}
            code={column.popupCode ?? ''}
            orgFields={column.orgFields ?? ''}
            destFields={column.destFields ?? ''}
            multi={multiple}
            loaders={loaders}
            value={value}
            aria-label={column.title}
            onSelect={(values) => {
              // The other destination fields of the row are written at once; this cell's value is the commit.
              for (const [k, v] of Object.entries(values)) if (k !== column.key) ctx.commitNow(p.rowIndex, k, v);
              commit(values[column.key] ?? Object.values(values)[0] ?? '');
            }}
          />
        )}
      />
    );
  }
  return null;
}

function uploadEditor(p: CellEditorProps): ReactNode {
  const { column, ctx } = p;
  if (!ctx.upload) return null;
  const upload = ctx.upload;
  // The cell upload holds one stored path: a comma-joined list or file records are edited by their first file.
  const first = itemsFromValue(uploadValue(p.row[column.key]))[0]?.path ?? '';
  return (
    <WidgetCellEditor
      editor={p}
      render={(commit) => (
        <CellFileUpload
          value={first}
          upload={upload}
          {...(ctx.download ? { download: ctx.download } : {})}
          allowDownload={column.allowDownload ?? true}
          allowRemove={column.allowRemove ?? true}
          onChange={(v) => commit(v)}
        />
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// the kinds

const readOnlyText: CellKind = { display: textDisplay, editable: false, align: 'left' };

const KINDS: { readonly [T in GridCellType]: CellKind } = {
  normal: readOnlyText,
  input: {
    display: textDisplay,
    editor: (p) => <TextCellEditor editor={p} options={{}} />,
    editable: true,
    align: 'left',
  },
  inputNumber: {
    display: textDisplay,
    editor: (p) => (
      <TextCellEditor editor={p} options={{ accept: acceptNumberInput, parse: numberParse, inputMode: 'decimal' }} />
    ),
    editable: true,
    align: 'right',
  },
  tag: {
    display: textDisplay,
    editor: (p) => <TextCellEditor editor={p} options={{ accept: (_prev, next) => formatTagInput(next) }} />,
    editable: true,
    align: 'left',
  },
  textarea: {
    display: textDisplay,
    editor: (p) => <TextCellEditor editor={p} options={{ pop: true }} />,
    editable: true,
    align: 'left',
  },
  input_pop: {
    display: textDisplay,
    editor: (p) => <TextCellEditor editor={p} options={{ pop: true }} />,
    editable: true,
    align: 'left',
  },
  date: temporalKind('date'),
  datetime: temporalKind('datetime'),
  time: temporalKind('time'),
  checkbox: {
    display: (row, column, rowIndex, ctx) => (
      <CheckDisplay
        row={row}
        column={column}
        rowIndex={rowIndex}
        ctx={ctx}
        checked={isCheckboxChecked(row[column.key], checkColumn(column))}
        valueOf={(c) => checkboxValue(c, checkColumn(column))}
      />
    ),
    editor: (p) => (
      <CheckCellEditor
        editor={p}
        checked={isCheckboxChecked(p.row[p.column.key], checkColumn(p.column))}
        valueOf={(c) => checkboxValue(c, checkColumn(p.column))}
      />
    ),
    editable: true,
    align: 'center',
  },
  checkbox_meta: {
    display: (row, column, rowIndex, ctx) => KINDS.checkbox.display(row, column, rowIndex, ctx),
    editor: (p) => KINDS.checkbox.editor!(p),
    editable: true,
    align: 'center',
  },
  switch: {
    display: (row, column, rowIndex, ctx) => (
      <CheckDisplay
        row={row}
        column={column}
        rowIndex={rowIndex}
        ctx={ctx}
        role="switch"
        checked={isSwitchOn(row[column.key], column)}
        valueOf={(on) => switchValue(on, column)}
      />
    ),
    editor: (p) => (
      <CheckCellEditor
        editor={p}
        role="switch"
        checked={isSwitchOn(p.row[p.column.key], p.column)}
        valueOf={(on) => switchValue(on, p.column)}
      />
    ),
    editable: true,
    align: 'center',
  },
  select: {
    display: optionDisplay(false),
    editor: (p) => <OptionCellEditor editor={p} options={{}} />,
    editable: true,
    align: 'left',
  },
  sel_search: {
    display: optionDisplay(false),
    editor: (p) => <OptionCellEditor editor={p} options={{}} />,
    editable: true,
    align: 'left',
  },
  sel_search_async: {
    display: resolvedDisplay,
    editor: (p) => <OptionCellEditor editor={p} options={{ remote: true }} />,
    editable: true,
    align: 'left',
  },
  list_multi: {
    display: optionDisplay(true),
    editor: (p) => <OptionCellEditor editor={p} options={{ multiple: true }} />,
    editable: true,
    align: 'left',
  },
  radio: {
    display: (row, column, rowIndex, ctx) => <RadioDisplay row={row} column={column} rowIndex={rowIndex} ctx={ctx} />,
    editor: (p) => <OptionCellEditor editor={p} options={{}} />,
    editable: true,
    align: 'left',
  },
  sel_depart: { display: resolvedDisplay, editor: pickerEditor, editable: true, align: 'left' },
  sel_user: { display: resolvedDisplay, editor: pickerEditor, editable: true, align: 'left' },
  popup: { display: textDisplay, editor: pickerEditor, editable: true, align: 'left' },
  upload: { display: uploadDisplay(false), editor: uploadEditor, editable: true, align: 'left' },
  file: { display: uploadDisplay(false), editor: uploadEditor, editable: true, align: 'left' },
  image: { display: uploadDisplay(true), editor: uploadEditor, editable: true, align: 'left' },
  progress: {
    display: (row, column, rowIndex) => progressDisplay(row, column, rowIndex),
    editable: false,
    align: 'left',
  },
  slot: { display: slotDisplay, editable: false, align: 'left' },
  // Never drawn (the grid leaves hidden columns out); kept in the row and saved.
  hidden: { display: () => null, editable: false, align: 'left' },
};

/** Whether a column's kind can be edited with what the context has (pickers and uploads need their loaders). */
function hasEditor(column: GridColumn, ctx: CellContext | undefined): boolean {
  if (!ctx) return true;
  switch (column.type) {
    case 'sel_depart':
      return ctx.departLoaders !== undefined;
    case 'sel_user':
      return ctx.userLoaders !== undefined;
    case 'popup':
      return ctx.popupLoaders !== undefined && column.popupCode !== undefined;
    case 'upload':
    case 'file':
    case 'image':
      return ctx.upload !== undefined;
    case 'sel_search_async':
      return ctx.searchOptions !== undefined;
    default:
      return true;
  }
}

/**
 * The kind of a column's cells. A `disabled` column, or one whose type needs a loader the context lacks (when a
 * context is given), is not editable.
 */
export function cellKind(column: GridColumn, ctx?: CellContext): CellKind {
  const kind = KINDS[column.type];
  if (kind.editable && (column.disabled === true || !hasEditor(column, ctx))) {
    return { display: kind.display, editable: false, align: kind.align };
  }
  return kind;
}

/** The view's column for a grid column (its width decided by the owner). */
export function viewColumn(column: GridColumn, width: number, ctx?: CellContext): GridViewColumn {
  const kind = cellKind(column, ctx);
  return {
    key: column.key,
    title: column.title,
    width,
    align: kind.align,
    editable: kind.editable,
    ...(column.fixed === 'left' ? { fixed: true } : {}),
  };
}

/**
 * The view's `renderValue` and `renderEditor` for these columns (looked up by key) and this context. Keep the
 * result stable (memoise on columns and ctx): the view draws every row again when they change.
 */
export function cellRenderers(
  columns: readonly GridColumn[],
  ctx: CellContext,
): {
  renderValue: (row: GridRow, column: GridViewColumn, rowIndex: number) => ReactNode;
  renderEditor: (props: GridEditorProps) => ReactNode;
} {
  const byKey = new Map(columns.map((c) => [c.key, { column: c, kind: cellKind(c, ctx) }]));
  return {
    renderValue: (row, view, rowIndex) => {
      const hit = byKey.get(view.key);
      return hit ? hit.kind.display(row, hit.column, rowIndex, ctx) : cellText(row[view.key]);
    },
    renderEditor: (props) => {
      const hit = byKey.get(props.column.key);
      if (!hit?.kind.editor) return null;
      return hit.kind.editor({ ...props, column: hit.column, ctx });
    },
  };
}
