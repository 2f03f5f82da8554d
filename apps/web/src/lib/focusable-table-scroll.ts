/**
 * A table that scrolls sideways (antd's `scroll.x`) must be reachable from the keyboard when its rows hold nothing
 * focusable (axe scrollable-region-focusable, WCAG 2.1.1): its scroll box gets tabindex 0, role region and a name.
 * antd renders that box itself, so the hook finds it under `ref` after each render.
 */
import { useEffect, type RefObject } from 'react';

const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

export function useFocusableTableScroll(ref: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const box of root.querySelectorAll<HTMLElement>(SCROLL_BOXES)) {
      const { overflowX } = getComputedStyle(box);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (box.getAttribute('tabindex') === '0') continue;
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
  });
}
