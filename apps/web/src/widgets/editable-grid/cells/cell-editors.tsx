/**
 * The editable grid's in-place editors (spec widgets §2.2, §4, §5.2), one per family of cell types; cell-kinds.tsx
 * picks one per type. Every editor is labelled with its column's title, takes focus when it opens and follows the
 * view's keys (view/grid-view.tsx TextEditor): Enter commits and moves down, Tab / Shift+Tab commit and move
 * sideways, Escape cancels; leaving a text editor commits it.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import type { GridColumn, GridOption, GridRow } from '@houtai/shared/grid/types';
import { GRID_INPUT_POP } from '@houtai/shared/grid/constants';
import { fillPlaceholder, joinMulti, splitMulti } from '@houtai/shared/grid/cell-values';
import { cellText } from '../model/clipboard.ts';
import {
  SEARCH_DELAY_MS,
  SEARCH_EMPTY_TEXT,
  SEARCH_LOADING_TEXT,
} from '../../dict-search-select/dict-search-select.tsx';
import { learnTexts, optionText, useColumnOptions, type CellContext } from './cell-context.ts';
import { CalendarDrop } from './calendar-drop.tsx';

export type CellMove = 'down' | 'right' | 'left' | 'none';

/** What an editor is given: the view's editor props with the full grid column and the cells' context. */
export interface CellEditorProps {
  row: GridRow;
  rowIndex: number;
  column: GridColumn;
  ctx: CellContext;
  /** The text typed to start editing (replaces the value), or null when editing started from the value. */
  initialText: string | null;
  commit: (value: unknown, move?: CellMove) => void;
  cancel: () => void;
}

/** The move a key asks for when it ends an edit, or null. */
function moveOfKey(e: KeyboardEvent): CellMove | null {
  if (e.key === 'Enter') return 'down';
  if (e.key === 'Tab') return e.shiftKey ? 'left' : 'right';
  return null;
}

/** The column's placeholder with ${title}, ${key} and ${defaultValue} filled in, if it has one. */
export function columnPlaceholder(column: GridColumn): string | undefined {
  return column.placeholder === undefined ? undefined : fillPlaceholder(column.placeholder, column);
}

/**
 * Commits once (a blur after Enter does not commit again). A choice made in the editor that does not move (a click
 * on an option, a picker's result) gives the focus back to the grid, so that the keyboard stays in it; the view does
 * that itself for moving commits, and a commit by blur leaves the focus where the user put it.
 */
function useFinish(props: Pick<CellEditorProps, 'commit' | 'cancel'>, anchorRef?: RefObject<HTMLElement | null>) {
  const done = useRef(false);
  return {
    finish: (value: unknown, move: CellMove, refocus = false) => {
      if (done.current) return;
      done.current = true;
      const grid = anchorRef?.current?.closest<HTMLElement>('[role="grid"]') ?? null;
      props.commit(value, move);
      if (refocus && move === 'none') grid?.focus();
    },
    cancel: () => {
      if (done.current) return;
      done.current = true;
      props.cancel();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// text-like: input, inputNumber, tag, date, datetime, time, input_pop / textarea

/** A value the typed text stands for, or `invalid` (the editor stays open on Enter/Tab; blur keeps the old value). */
export type TextParse = { value: unknown } | 'invalid';

export interface TextEditorOptions {
  /** Typing: the text to keep for the previous text and the new one (filters or formats). */
  accept?: (previous: string, next: string) => string;
  /** Committing: the value the text stands for (default: the text). */
  parse?: (text: string) => TextParse;
  /** The text a value is edited as (default cellText). */
  textOf?: (value: unknown) => string;
  /** A 150 × 200 text area to the right of the cell (input_pop, textarea): Enter commits, Shift+Enter a new line. */
  pop?: boolean;
  /** Shown while empty (default the column's placeholder). */
  placeholder?: string;
  inputMode?: 'decimal' | 'text';
  /** date / datetime: a calendar under the cell to click a day in (calendar-drop.tsx). */
  calendar?: 'date' | 'datetime';
}

export function TextCellEditor({ editor, options }: { editor: CellEditorProps; options: TextEditorOptions }) {
  const { row, column, initialText } = editor;
  const accept = options.accept ?? ((_p: string, n: string) => n);
  const [text, setText] = useState(() =>
    initialText === null ? (options.textOf ?? cellText)(row[column.key]) : accept('', initialText),
  );
  const [invalid, setInvalid] = useState(false);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { finish, cancel } = useFinish(editor, fieldRef);
  useEffect(() => {
    const el = fieldRef.current;
    if (!el) return;
    el.focus();
    if (initialText === null) el.select();
  }, [initialText]);

  const tryCommit = (move: CellMove): boolean => {
    const parsed = options.parse ? options.parse(text) : { value: text };
    if (parsed === 'invalid') {
      setInvalid(true);
      return false;
    }
    finish(parsed.value, move);
    return true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
      return;
    }
    if (e.key === 'Enter' && options.pop && (e.shiftKey || e.altKey)) return; // a new line in the text area
    const move = moveOfKey(e);
    if (move) {
      e.preventDefault();
      tryCommit(move);
    }
  };
  const common = {
    className: 'hg-editor',
    'aria-label': column.title,
    'aria-invalid': invalid || undefined,
    placeholder: options.placeholder ?? columnPlaceholder(column),
    value: text,
    onKeyDown,
    // Leaving the cell commits; text that stands for nothing reverts: the old value is committed, not cancelled,
    // because cancelling gives the focus back to the grid and the user has just put it elsewhere.
    onBlur: () => {
      if (!tryCommit('none')) finish(row[column.key], 'none');
    },
  };
  if (options.pop) {
    return (
      <PopBox>
        <textarea
          {...common}
          ref={fieldRef}
          className="hg-editor hg-pop-editor"
          onChange={(e) => {
            setInvalid(false);
            setText(accept(text, e.target.value));
          }}
        />
      </PopBox>
    );
  }
  const input = (
    <input
      {...common}
      ref={fieldRef}
      inputMode={options.inputMode}
      onChange={(e) => {
        setInvalid(false);
        setText(accept(text, e.target.value));
      }}
    />
  );
  if (!options.calendar) return input;
  return (
    <>
      {input}
      <CalendarDrop type={options.calendar} text={text} onPick={(value) => finish(value, 'none', true)} />
    </>
  );
}

/**
 * The input-pop box: 150 × 200 px at the right of the cell (§2.2), drawn in document.body (the cell clips what
 * overflows it) at the cell's place on screen.
 */
function PopBox({ children }: { children: ReactNode }) {
  const markRef = useRef<HTMLSpanElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const cell = markRef.current?.closest('[role="gridcell"]') ?? markRef.current;
    const box = boxRef.current;
    if (!cell || !box) return;
    const r = cell.getBoundingClientRect();
    box.style.left = `${r.right}px`;
    box.style.top = `${r.top}px`;
  }, []);
  return (
    <>
      <span ref={markRef} className="hg-pop-mark" />
      {createPortal(
        <div
          ref={boxRef}
          className="hg-pop"
          data-position={GRID_INPUT_POP.position}
          style={{ width: GRID_INPUT_POP.width, height: GRID_INPUT_POP.height }}
        >
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// checkbox, checkbox_meta, switch

/**
 * The keyboard's way to a checkbox or switch cell: a focused checkbox (Space toggles it; typing Space to open the
 * editor starts it toggled); Enter/Tab/blur commit the value `valueOf` gives, Escape cancels.
 */
export function CheckCellEditor({
  editor,
  checked: initial,
  valueOf,
  role,
}: {
  editor: CellEditorProps;
  checked: boolean;
  valueOf: (checked: boolean) => unknown;
  role?: 'switch';
}) {
  const [checked, setChecked] = useState(editor.initialText === ' ' ? !initial : initial);
  const { finish, cancel } = useFinish(editor);
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => boxRef.current?.focus(), []);
  return (
    <input
      ref={boxRef}
      type="checkbox"
      role={role}
      className={role === 'switch' ? 'hg-switch' : undefined}
      aria-label={editor.column.title}
      checked={checked}
      onChange={(e) => setChecked(e.target.checked)}
      onBlur={() => finish(valueOf(checked), 'none')}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
          return;
        }
        const move = moveOfKey(e);
        if (move) {
          e.preventDefault();
          finish(valueOf(checked), move);
        }
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// select, list_multi, radio, sel_search, sel_search_async

export interface OptionEditorOptions {
  multiple?: boolean;
  /** Options asked from ctx.searchOptions for the typed keyword (after SEARCH_DELAY_MS), not filtered locally. */
  remote?: boolean;
}

function matches(option: GridOption, keyword: string): boolean {
  if (keyword === '') return true;
  const k = keyword.toLowerCase();
  return optionText(option).toLowerCase().includes(k) || option.value.toLowerCase().includes(k);
}

/** sel_search_async: the options for the keyword, asked after a pause in typing; a stale answer is dropped. */
function useRemoteOptions(column: GridColumn, ctx: CellContext, keyword: string, on: boolean) {
  const [state, setState] = useState<{ keyword: string | null; options: readonly GridOption[] }>({
    keyword: null,
    options: [],
  });
  const search = ctx.searchOptions;
  useEffect(() => {
    if (!on || !search) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      search(column, keyword).then(
        (options) => live && setState({ keyword, options }),
        () => live && setState({ keyword, options: [] }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [on, search, column, keyword]);
  return { options: state.options, loading: on && state.keyword !== keyword };
}

/**
 * A combobox with its list of options (the ARIA combobox pattern): typing filters (or searches), ArrowUp/ArrowDown
 * move through the list, Enter chooses (single) or commits (multiple: Space toggles the active option), a click
 * chooses or toggles; Tab commits sideways, Escape cancels. Multiple values are committed comma-joined.
 */
export function OptionCellEditor({ editor, options: how }: { editor: CellEditorProps; options: OptionEditorOptions }) {
  const { row, column, ctx, initialText } = editor;
  const multiple = how.multiple === true;
  const original = cellText(row[column.key]);
  const [keyword, setKeyword] = useState(initialText ?? '');
  const [chosen, setChosen] = useState<string[]>(() => splitMulti(original));
  const local = useColumnOptions(column, ctx);
  const remote = useRemoteOptions(column, ctx, keyword, how.remote === true);
  const shown = useMemo(
    () => (how.remote ? remote.options : local.filter((o) => matches(o, keyword))),
    [how.remote, remote.options, local, keyword],
  );
  const [active, setActive] = useState(-1);
  const current =
    active >= 0 && active < shown.length
      ? active
      : Math.max(
          0,
          shown.findIndex((o) => o.value === original),
        );
  const inputRef = useRef<HTMLInputElement>(null);
  const { finish, cancel } = useFinish(editor, inputRef);
  const id = useId();
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const pick = (option: GridOption | undefined, move: CellMove) => {
    if (!option || option.disabled) return;
    // A searched option's text is known now: the cell shows it without asking ctx.resolveTexts.
    if (how.remote) learnTexts(column, ctx, { [option.value]: optionText(option) });
    if (!multiple) {
      finish(option.value, move, true);
      return;
    }
    setChosen((c) => (c.includes(option.value) ? c.filter((v) => v !== option.value) : [...c, option.value]));
  };
  const commitChosen = (move: CellMove) => finish(multiple ? joinMulti(chosen) : original, move);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (shown.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % shown.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (multiple) commitChosen('down');
      else if (shown.length > 0) pick(shown[current], 'down');
      else commitChosen('down');
    } else if (e.key === ' ' && multiple && shown.length > 0) {
      e.preventDefault();
      pick(shown[current], 'none');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      const move = e.shiftKey ? 'left' : 'right';
      // Single: the option moved to with the arrows or narrowed to by typing is the choice; else nothing changes.
      if (!multiple && (active >= 0 || keyword !== '') && shown[current]) pick(shown[current], move);
      else commitChosen(move);
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-o${i}`;
  let status: string | null = null;
  if (how.remote && remote.loading) status = SEARCH_LOADING_TEXT;
  else if (shown.length === 0) status = SEARCH_EMPTY_TEXT;
  return (
    <div className="hg-option-editor">
      <input
        ref={inputRef}
        className="hg-editor"
        role="combobox"
        aria-label={column.title}
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
        placeholder={columnPlaceholder(column) ?? (multiple ? chosen.join(',') : original)}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commitChosen('none')}
      />
      {createPortal(
        <ListBox
          id={listId}
          anchorRef={inputRef}
          label={column.title}
          multiple={multiple}
          options={shown}
          active={current}
          isSelected={(o) => (multiple ? chosen.includes(o.value) : o.value === original)}
          optionId={optionId}
          status={status}
          onPick={(o) => pick(o, 'none')}
        />,
        document.body,
      )}
    </div>
  );
}

function ListBox(p: {
  id: string;
  anchorRef: RefObject<HTMLElement | null>;
  label: string;
  multiple: boolean;
  options: readonly GridOption[];
  active: number;
  isSelected: (o: GridOption) => boolean;
  optionId: (i: number) => string;
  status: string | null;
  onPick: (o: GridOption) => void;
}) {
  const { anchorRef } = p;
  const boxRef = useRef<HTMLDivElement>(null);
  // Under the cell on screen (placed on the element: no second render for a measurement).
  useLayoutEffect(() => {
    const cell = anchorRef.current?.closest('[role="gridcell"]') ?? anchorRef.current;
    const box = boxRef.current;
    if (!cell || !box) return;
    const r = cell.getBoundingClientRect();
    box.style.left = `${r.left}px`;
    box.style.top = `${r.bottom}px`;
    box.style.minWidth = `${r.width}px`;
  }, [anchorRef]);
  return (
    <div ref={boxRef} className="hg-listbox-box">
      <ul
        id={p.id}
        role="listbox"
        aria-label={p.label}
        aria-multiselectable={p.multiple || undefined}
        className="hg-listbox"
      >
        {p.options.map((o, i) => (
          // The keyboard works in the combobox (aria-activedescendant); options are never focused and need no key
          // handler. The mouse-down is cancelled so that the click chooses without blurring (committing) first.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={o.value}
            id={p.optionId(i)}
            role="option"
            aria-selected={p.isSelected(o)}
            aria-disabled={o.disabled || undefined}
            className={`hg-option${i === p.active ? ' hg-option-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => p.onPick(o)}
          >
            {p.multiple ? (
              <span aria-hidden className="hg-option-check">
                {p.isSelected(o) ? '✓' : ''}
              </span>
            ) : null}
            {optionText(o)}
          </li>
        ))}
      </ul>
      {p.status ? (
        <div className="hg-listbox-status" role="status">
          {p.status}
        </div>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// sel_depart, sel_user, popup, upload / file / image: an existing widget with its own dialog

/**
 * Hosts an existing field widget (a picker opening its dialog, the cell file upload) as an editor: the widget is
 * focused (and, for pickers, its dialog opened) when the editor opens; its result is committed in place; Escape
 * cancels. `render` is given the commit function.
 */
export function WidgetCellEditor({
  editor,
  open,
  render,
}: {
  editor: CellEditorProps;
  /** Click the widget's field when the editor opens (a picker's dialog). */
  open?: boolean;
  /** Given the commit function, and the cancel one (a picker's dialog closed without a choice ends the edit). */
  render: (commit: (value: unknown) => void, cancel: () => void) => ReactNode;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { finish, cancel } = useFinish(editor, boxRef);
  const cancelRef = useRef(cancel);
  useEffect(() => {
    cancelRef.current = cancel;
  });
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const target = box.querySelector<HTMLElement>('input:not([type="file"]), button');
    target?.focus();
    if (open) target?.click();
    // A DOM listener, not a React one: Escape inside the widget's dialog (a portal) closes the dialog only.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      cancelRef.current();
    };
    box.addEventListener('keydown', onKey);
    return () => box.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div ref={boxRef} className="hg-widget-editor" role="group" aria-label={editor.column.title}>
      {render((value) => finish(value, 'none', true), cancel)}
    </div>
  );
}
