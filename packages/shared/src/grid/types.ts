/**
 * The editable grid's data shapes (spec 001 §2.2, §3 grid column / grid row / grid realtime message, §5.2). Shared by
 * the web widget (apps/web/src/widgets/editable-grid), the column-rule validator (./validate.ts), which the server
 * runs again on save and on import, and the realtime socket (/vxeSocket).
 */

/** Every cell type of §2.2. */
export const GRID_CELL_TYPES = [
  'normal',
  'input',
  'inputNumber',
  'checkbox',
  'checkbox_meta',
  'select',
  'list_multi',
  'sel_search',
  'sel_search_async',
  'sel_depart',
  'sel_user',
  'date',
  'datetime',
  'time',
  'input_pop',
  'textarea',
  'upload',
  'file',
  'image',
  'radio',
  'popup',
  'slot',
  'hidden',
  // Display cells of §2.2 (progress, switch) and the tag cell of §4.
  'progress',
  'switch',
  'tag',
] as const;
export type GridCellType = (typeof GRID_CELL_TYPES)[number];

/** A choice of a select, list_multi, radio or search cell (§3 dictionary option). */
export interface GridOption {
  value: string;
  text?: string;
  label?: string;
  title?: string;
  disabled?: boolean;
}

/**
 * One column rule of §5.2, checked in the column's order; the first failure's message wins.
 * `pattern` is a preset name (n6-16, *6-16, s6-18, url, e, m, p, s, n, z, *, money), 'only' (= unique) or a custom
 * regular expression (source text, or a RegExp on the client). `handler` names a check registered with the
 * validator (asynchronous on the client, e.g. a server call); the server runs only the registered handlers it has.
 */
export interface GridValidateRule {
  required?: boolean;
  unique?: boolean;
  pattern?: string | RegExp;
  handler?: string;
  /** Replaces the rule's own message; `${title}` is the column's title. */
  message?: string;
}

export type GridStatistic = 'sum' | 'average';

/** §3 grid column. Only `key`, `title` and `type` are required. */
export interface GridColumn {
  key: string;
  title: string;
  type: GridCellType;
  width?: number;
  options?: readonly GridOption[];
  validateRules?: readonly GridValidateRule[];
  defaultValue?: unknown;
  defaultChecked?: boolean;
  /** checkbox_meta: [checked value, unchecked value]; switch: [on, off] (default ['Y', 'N']). */
  customValue?: readonly [string, string];
  statistics?: readonly GridStatistic[];
  /** The drag-sort column's order field (default key orderNum). */
  isOrder?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  dictCode?: string;
  fieldExtendJson?: { uploadnum?: number; multiSelect?: boolean; store?: string; text?: string };
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  param?: Record<string, string>;
  sorter?: boolean;
  /** With ${title}, ${key} and ${defaultValue}. */
  placeholder?: string;
  /** Linked selects: the key of the column this one depends on (changing that one clears this one). */
  linkageKey?: string;
  showDetails?: boolean;
  setTagColor?: boolean;
  disabled?: boolean;
  /** Pinned to the left or right edge while the others scroll sideways. */
  fixed?: 'left' | 'right';
}

/** §3 grid row: an id (temporary ids for new rows) and a value per column key. */
export interface GridRow {
  id: string;
  [key: string]: unknown;
}

/** A rule failure of one cell. `row` is the row's index in the list that was validated. */
export interface GridCellError {
  row: number;
  rowId: string;
  column: string;
  message: string;
}

/** §3 grid realtime message. */
export type GridRealtimeMessage =
  | { type: 'heart_beat'; data?: unknown }
  | { type: 'common_send_date'; data?: unknown }
  | { type: 'update_vxe_table'; data: { socketKey: string; row: GridRow; senderId: string } };
