/**
 * What the editable grid's cells need from outside (spec widgets §2.2, §3): dictionary and search loaders, the
 * pickers' loaders, the upload transport, slot contents and a way to write a cell without an editor. The grid's
 * owner builds it and passes it in (widgets never fetch on their own). Used by cell-kinds.tsx and its editors.
 *
 * Also a small per-loader cache of dictionary options, so that the thousands of select cells drawn while scrolling
 * ask the loader once per dictionary code and draw again when the answer comes.
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { GridColumn, GridOption, GridRow } from '@houtai/shared/grid/types';
import type { DepartPickerLoaders } from '../../depart-picker/depart-picker.tsx';
import type { PopupPickerLoaders } from '../../popup-picker/popup-picker.tsx';
import type { UploadTransport } from '../../upload/file-upload.tsx';
import type { UserPickerLoaders } from '../../user-picker/user-picker.tsx';

/** What a slot cell is given to draw itself. */
export interface SlotArgs {
  row: GridRow;
  column: GridColumn;
  rowIndex: number;
  value: unknown;
}

/** A slot cell's content: a node, or a function of the cell. */
export type CellSlot = ReactNode | ((args: SlotArgs) => ReactNode);

export interface CellContext {
  /** Writes a cell at once (checkbox, checkbox_meta, switch and radio cells toggled in place, popup's other fields). */
  commitNow: (rowIndex: number, key: string, value: unknown) => void;
  /** A dictionary's options (select, list_multi, radio, sel_search with a dictCode). Keep it stable. */
  loadDictOptions?: (dictCode: string) => Promise<readonly GridOption[]>;
  /** sel_search_async: the options matching a keyword (asked after a 300 ms pause in typing). */
  searchOptions?: (column: GridColumn, keyword: string) => Promise<readonly GridOption[]>;
  /** sel_depart cells. */
  departLoaders?: DepartPickerLoaders;
  /** sel_user cells. */
  userLoaders?: UserPickerLoaders;
  /** popup cells (column.popupCode, orgFields, destFields). */
  popupLoaders?: PopupPickerLoaders;
  /** upload, file and image cells. */
  upload?: UploadTransport;
  download?: (path: string, name: string) => Promise<void>;
  /** The URL an image cell's stored path is shown at (no thumbnail without it). */
  resolveUrl?: (path: string) => string;
  /** slot cells: content by column key. */
  slots?: Readonly<Record<string, CellSlot>>;
  /** Rows whose in-place inputs (checkbox, switch, radio) are disabled, e.g. the grid's disabledRows. */
  isRowDisabled?: (row: GridRow) => boolean;
  /**
   * The shown texts of stored values whose options are not in the column (sel_depart: department names, sel_user:
   * real names, sel_search_async: option texts), value → text. Asked once per value, in one batch per column for
   * the cells drawn together; values it leaves out are shown as they are. Keep it stable. Without it those cells
   * show their stored values.
   */
  resolveTexts?: (column: GridColumn, values: readonly string[]) => Promise<Readonly<Record<string, string>>>;
}

// ---------------------------------------------------------------------------------------------------------------
// dictionary options, cached per loader

type Loader = (dictCode: string) => Promise<readonly GridOption[]>;

interface OptionStore {
  peek: (code: string) => readonly GridOption[] | undefined;
  ensure: (code: string) => void;
  subscribe: (listener: () => void) => () => void;
}

const stores = new WeakMap<Loader, OptionStore>();

function optionStore(load: Loader): OptionStore {
  const known = stores.get(load);
  if (known) return known;
  const cache = new Map<string, readonly GridOption[]>();
  const pending = new Set<string>();
  const listeners = new Set<() => void>();
  const settle = (code: string, options: readonly GridOption[]) => {
    cache.set(code, options);
    pending.delete(code);
    listeners.forEach((l) => l());
  };
  const store: OptionStore = {
    peek: (code) => cache.get(code),
    ensure: (code) => {
      if (cache.has(code) || pending.has(code)) return;
      pending.add(code);
      // A failed dictionary shows its values as they are (the shell's dictionary cache already warned).
      load(code).then(
        (options) => settle(code, options),
        () => settle(code, []),
      );
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  stores.set(load, store);
  return store;
}

const NO_OPTIONS: readonly GridOption[] = [];
const noSubscribe = () => () => undefined;

/**
 * A column's options: its own `options`, else its dictionary's through ctx.loadDictOptions (loaded once per code
 * and loader; empty until the answer comes).
 */
export function useColumnOptions(column: GridColumn, ctx: CellContext): readonly GridOption[] {
  const own = column.options;
  const code = own ? undefined : column.dictCode;
  const store = code && ctx.loadDictOptions ? optionStore(ctx.loadDictOptions) : undefined;
  useEffect(() => {
    if (store && code) store.ensure(code);
  }, [store, code]);
  const loaded = useSyncExternalStore(store ? store.subscribe : noSubscribe, () =>
    store && code ? store.peek(code) : undefined,
  );
  return own ?? loaded ?? NO_OPTIONS;
}

/** An option's shown text: text, else label, else title, else its value. */
export function optionText(option: GridOption): string {
  return option.text ?? option.label ?? option.title ?? option.value;
}

/** The text of a stored value among options (the value itself when no option has it). */
export function valueText(value: string, options: readonly GridOption[]): string {
  const hit = options.find((o) => o.value === value);
  return hit ? optionText(hit) : value;
}

// ---------------------------------------------------------------------------------------------------------------
// texts of stored values (ctx.resolveTexts), cached per resolver and asked in batches

type Resolver = NonNullable<CellContext['resolveTexts']>;

interface TextStore {
  peek: (key: string, value: string) => string | null | undefined;
  ensure: (column: GridColumn, values: readonly string[]) => void;
  /** Texts learnt from an editor's choice (a picker's rows, a searched option): shown without asking. */
  learn: (key: string, texts: Readonly<Record<string, string>>) => void;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

const textStores = new WeakMap<Resolver, TextStore>();

function textStore(resolve: Resolver): TextStore {
  const known = textStores.get(resolve);
  if (known) return known;
  // column key → value → text (null: asked, no text)
  const cache = new Map<string, Map<string, string | null>>();
  const queue = new Map<string, { column: GridColumn; values: Set<string> }>();
  const listeners = new Set<() => void>();
  let version = 0;
  let scheduled = false;
  const of = (key: string) => {
    let m = cache.get(key);
    if (!m) cache.set(key, (m = new Map<string, string | null>()));
    return m;
  };
  const notify = () => {
    version += 1;
    listeners.forEach((l) => l());
  };
  const flush = () => {
    scheduled = false;
    const batches = [...queue.values()];
    queue.clear();
    for (const { column, values } of batches) {
      const list = [...values];
      const settle = (texts: Readonly<Record<string, string>>) => {
        const m = of(column.key);
        for (const v of list) m.set(v, Object.hasOwn(texts, v) ? (texts[v] as string) : null);
        notify();
      };
      resolve(column, list).then(settle, () => settle({}));
    }
  };
  const store: TextStore = {
    peek: (key, value) => cache.get(key)?.get(value),
    ensure: (column, values) => {
      const m = of(column.key);
      for (const v of values) {
        if (m.has(v)) continue;
        m.set(v, null); // asked: not asked again while the answer is on its way
        let batch = queue.get(column.key);
        if (!batch) queue.set(column.key, (batch = { column, values: new Set() }));
        batch.values.add(v);
      }
      if (queue.size > 0 && !scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    },
    learn: (key, texts) => {
      const m = of(key);
      for (const [v, t] of Object.entries(texts)) m.set(v, t);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
  textStores.set(resolve, store);
  return store;
}

/**
 * The shown text of a stored value (comma-joined values each resolved) through ctx.resolveTexts; the value as it is
 * until (or unless) a text comes.
 */
export function useResolvedText(column: GridColumn, ctx: CellContext, value: string): string {
  const store = ctx.resolveTexts ? textStore(ctx.resolveTexts) : undefined;
  useEffect(() => {
    if (store && value !== '') store.ensure(column, value.split(',').filter(Boolean));
  }, [store, column, value]);
  useSyncExternalStore(store ? store.subscribe : noSubscribe, () => (store ? store.version() : 0));
  if (!store) return value;
  return value
    .split(',')
    .filter(Boolean)
    .map((v) => store.peek(column.key, v) ?? v)
    .join(',');
}

/** Remembers the texts an editor's choice brought (shown at once, not asked for). No-op without ctx.resolveTexts. */
export function learnTexts(column: GridColumn, ctx: CellContext, texts: Readonly<Record<string, string>>): void {
  if (ctx.resolveTexts) textStore(ctx.resolveTexts).learn(column.key, texts);
}
