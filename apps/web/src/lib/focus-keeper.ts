/**
 * Keeps the keyboard inside a dialog or drawer when the element that had focus goes away — a row's 还原 or 移除
 * button whose row the action removed: focus would fall to <body>, outside the dialog, and Escape would no longer
 * close it. `keep()` (after such an action) moves focus to `anchorRef` (a tabIndex -1 element inside the dialog) when
 * it was lost.
 */
import { useCallback, useRef } from 'react';

export function useFocusKeeper<T extends HTMLElement = HTMLDivElement>() {
  const anchorRef = useRef<T>(null);
  const keep = useCallback(() => {
    // After the render that removed the focused element.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body || !active.isConnected) anchorRef.current?.focus();
    });
  }, []);
  return { anchorRef, keep };
}
