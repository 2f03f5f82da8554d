/**
 * The drag-sort column's menu (上移, 下移, 插入一行): one menu for the whole grid, opened at the handle that was
 * pressed. Every drawn row used to carry its own antd Dropdown and icon — their hooks and style look-ups were most of
 * a scroll frame's work at a million rows (BENCHMARKS.md "grid"); a row now draws a plain button (RowSortButton).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import HolderOutlined from '@ant-design/icons-svg/es/asn/HolderOutlined';
import { StaticIcon } from './static-icon.tsx';

/** Which handle opened the menu: the row's index, the button (focus returns to it) and where it was then. */
export interface RowSortTarget {
  index: number;
  anchor: HTMLElement;
  rect: DOMRect;
}

/**
 * A row's handle: opens the grid's one sort menu. `pressed`: opened by a pointer (a click's `detail` counts
 * presses; Enter and Space click with 0) — the grid ignores a press on the handle whose menu that very press closed.
 */
export function RowSortButton({
  index,
  rowId,
  open,
  onOpen,
}: {
  index: number;
  rowId: string;
  open: boolean;
  onOpen: (target: RowSortTarget, pressed: boolean) => void;
}) {
  return (
    <button
      type="button"
      className="hg-drag-button"
      aria-label={`第 ${index + 1} 行排序`}
      aria-haspopup="menu"
      aria-expanded={open}
      data-row={rowId}
      onClick={(e) =>
        onOpen({ index, anchor: e.currentTarget, rect: e.currentTarget.getBoundingClientRect() }, e.detail > 0)
      }
    >
      <StaticIcon icon={HolderOutlined} />
    </button>
  );
}

export type RowSortAction = 'up' | 'down' | 'insert';

/** Whether the event being handled is a pointer press (the menu closes on the press outside it, before its click). */
function closedByPress(): boolean {
  const type = (globalThis as { event?: Event }).event?.type;
  return type === 'pointerdown' || type === 'mousedown' || type === 'touchstart';
}

/**
 * The open menu, placed over the handle that opened it. Closes on a choice, Escape, a click elsewhere or a scroll of
 * the grid (the row moves away from it); focus goes back to the handle.
 */
export function RowSortMenu({
  target,
  rowCount,
  onAction,
  onClose,
}: {
  target: RowSortTarget;
  rowCount: number;
  onAction: (action: RowSortAction, index: number) => void;
  /** `pressed`: closed by a pointer press outside the menu (that press may be on the handle itself). */
  onClose: (pressed: boolean) => void;
}) {
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const scroller = target.anchor.closest('[data-grid-scroll]');
    if (!scroller) return undefined;
    const onScroll = () => close.current(false);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [target]);
  const { rect } = target;
  const items: MenuProps['items'] = [
    { key: 'up', label: '上移', disabled: target.index === 0 },
    { key: 'down', label: '下移', disabled: target.index === rowCount - 1 },
    { key: 'insert', label: '插入一行' },
  ];
  return (
    <Dropdown
      open
      // A menu opened by its button takes focus (WAI-ARIA menu button), so the keyboard can choose at once.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      trigger={['click']}
      onOpenChange={(open) => {
        if (!open) onClose(closedByPress());
      }}
      menu={{
        items,
        onClick: ({ key }) => {
          onClose(false);
          onAction(key as RowSortAction, target.index);
        },
      }}
    >
      <span
        aria-hidden="true"
        // Presses go through to the handle under it (a press there closes the menu, see RowSortButton).
        style={{
          position: 'fixed',
          left: rect.left,
          top: rect.top,
          width: rect.width,
          height: rect.height,
          pointerEvents: 'none',
        }}
      />
    </Dropdown>
  );
}
