/**
 * Header auto-hide (spec §2.5, §9): with the option on, the fixed header hides once the page has been
 * scrolled more than 100 px downwards and comes back when the user scrolls up (or returns to the top).
 */
import { useEffect, useState } from 'react';

export const AUTO_HIDE_THRESHOLD_PX = 100;

/** Pure rule: whether the header is hidden after a scroll from `lastY` to `y`. */
export function headerHiddenAfter(hidden: boolean, lastY: number, y: number): boolean {
  if (y <= AUTO_HIDE_THRESHOLD_PX) return false;
  if (y > lastY) return true;
  if (y < lastY) return false;
  return hidden;
}

export function useScrollHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        setHidden((h) => headerHiddenAfter(h, lastY, y));
        lastY = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  // Turning the option off shows the header at once.
  return enabled && hidden;
}
