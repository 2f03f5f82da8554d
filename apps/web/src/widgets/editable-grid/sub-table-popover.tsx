/**
 * The editable grid's sub-table popover (spec 001 §2.2): a row's sub-table in a panel under the row when more than
 * 350 px of the window remain below it, above it otherwise; its content is loaded with retries, and a load that
 * still fails says '打开子表失败' and closes. A dialog for assistive technology: focus moves in, Escape or 关闭 closes
 * it and focus goes back to the row's button. Used by editable-grid.tsx (`subTable` prop).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Spin, theme } from 'antd';
import { GRID_SUB_TABLE_ROOM_BELOW, GRID_TEXT } from '@houtai/shared/grid/constants';

/** Tries before '打开子表失败'. */
export const SUB_TABLE_TRIES = 3;
const PANEL_WIDTH = 640;

/** Below the row when more than 350 px of the window remain under it, else above (§2.2). */
export function subTablePlacement(rowBottom: number, windowHeight: number): 'bottom' | 'top' {
  return windowHeight - rowBottom > GRID_SUB_TABLE_ROOM_BELOW ? 'bottom' : 'top';
}

/** `load` until it resolves, at most `tries` times; the last failure rejects. */
export async function loadWithRetries<T>(load: () => Promise<T>, tries: number = SUB_TABLE_TRIES): Promise<T> {
  let failure: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await load();
    } catch (err) {
      failure = err;
    }
  }
  throw failure instanceof Error ? failure : new Error(GRID_TEXT.subTableFailed);
}

export interface SubTablePopoverProps {
  title: string;
  /** Where the row's button is (viewport coordinates). */
  anchor: DOMRect;
  load: () => Promise<ReactNode>;
  onFailed: () => void;
  onClose: () => void;
}

export function SubTablePopover({ title, anchor, load, onFailed, onClose }: SubTablePopoverProps) {
  const [content, setContent] = useState<ReactNode>(null);
  const [loading, setLoading] = useState(true);
  const panel = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const placement = subTablePlacement(anchor.bottom, window.innerHeight);

  useEffect(() => {
    let live = true;
    loadWithRetries(load).then(
      (node) => {
        if (!live) return;
        setContent(node);
        setLoading(false);
      },
      () => {
        if (live) onFailed();
      },
    );
    return () => {
      live = false;
    };
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  // Escape anywhere inside closes (a listener: the dialog element itself is not interactive).
  useEffect(() => {
    const el = panel.current;
    if (!el) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [onClose]);

  const width = Math.min(PANEL_WIDTH, window.innerWidth - 16);
  const left = Math.max(8, Math.min(anchor.left, window.innerWidth - width - 8));
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-placement={placement}
      data-testid="grid-sub-table"
      style={{
        position: 'fixed',
        zIndex: token.zIndexPopupBase,
        background: token.colorBgElevated,
        color: token.colorText,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        padding: token.paddingSM,
        maxHeight: GRID_SUB_TABLE_ROOM_BELOW,
        overflow: 'auto',
        left,
        width,
        ...(placement === 'bottom' ? { top: anchor.bottom + 4 } : { bottom: window.innerHeight - anchor.top + 4 }),
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <strong>{title}</strong>
        <Button size="small" onClick={onClose}>
          关闭
        </Button>
      </div>
      <div>{loading ? <Spin size="small" /> : content}</div>
    </div>,
    document.body,
  );
}
