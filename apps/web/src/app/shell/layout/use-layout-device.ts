/** The layout's device class by viewport width (spec §2.3, §9): mobile below 1088 px, a smaller level below 768 px. */
import { useSyncExternalStore } from 'react';

export const MOBILE_BREAKPOINT = 1088;
export const SMALL_MOBILE_BREAKPOINT = 768;

export type LayoutDevice = 'desktop' | 'mobile' | 'small-mobile';

export function deviceFor(width: number): LayoutDevice {
  if (width < SMALL_MOBILE_BREAKPOINT) return 'small-mobile';
  if (width < MOBILE_BREAKPOINT) return 'mobile';
  return 'desktop';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const current = (): LayoutDevice => deviceFor(window.innerWidth);

export function useLayoutDevice(): LayoutDevice {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
