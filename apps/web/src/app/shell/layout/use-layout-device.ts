/**
 * The layout's device class by viewport width (spec §2.3, §9): mobile below 1088 px, a smaller level below 768 px.
 *
 * The class is read from `window.innerWidth` once and then only on `resize`, never per render: reading it makes the
 * browser finish style and layout first, and the frame's first render reads the device in several components while
 * antd inserts its styles — each read was a forced layout (~100 ms of a phone's main thread on the signed-in home).
 */
import { useSyncExternalStore } from 'react';

export const MOBILE_BREAKPOINT = 1088;
export const SMALL_MOBILE_BREAKPOINT = 768;

export type LayoutDevice = 'desktop' | 'mobile' | 'small-mobile';

export function deviceFor(width: number): LayoutDevice {
  if (width < SMALL_MOBILE_BREAKPOINT) return 'small-mobile';
  if (width < MOBILE_BREAKPOINT) return 'mobile';
  return 'desktop';
}

const listeners = new Set<() => void>();
/** The last device read; null until the first read (which also starts listening to resizes, for good). */
let device: LayoutDevice | null = null;

function onResize(): void {
  const next = deviceFor(window.innerWidth);
  if (next === device) return;
  device = next;
  for (const listener of listeners) listener();
}

function current(): LayoutDevice {
  if (device === null) {
    device = deviceFor(window.innerWidth);
    window.addEventListener('resize', onResize);
  }
  return device;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutDevice(): LayoutDevice {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
