/**
 * Keeps the keyboard inside a dialog or drawer when the element that had focus goes away — a row's 还原 or 移除
 * button whose row the action removed: focus would fall to <body>, outside the dialog, and Escape would no longer
 * close it. `keep()` (after such an action) watches for a moment — a confirm that is still closing hands focus back
 * to the removed button only after its animation — and moves focus to `anchorRef` (a tabIndex -1 element inside
 * the dialog) when it finds focus lost.
 */
import { useCallback, useEffect, useRef } from 'react';

/** How long keep() watches, and how often it looks. */
const WATCH_MS = 1500;
const STEP_MS = 100;

export function useFocusKeeper<T extends HTMLElement = HTMLDivElement>() {
  const anchorRef = useRef<T>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const keep = useCallback(() => {
    stop();
    const until = Date.now() + WATCH_MS;
    const look = () => {
      const anchor = anchorRef.current;
      if (!anchor?.isConnected || Date.now() > until) {
        stop();
        return;
      }
      const active = document.activeElement;
      if (active === null || active === document.body || !active.isConnected) {
        anchor.focus();
        stop();
      }
    };
    timer.current = setInterval(look, STEP_MS);
    requestAnimationFrame(look);
  }, [stop]);
  return { anchorRef, keep };
}
