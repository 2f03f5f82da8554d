/**
 * The notice banner's state (spec §3, §4): loaded once when the shell mounts, then replaced by every realtime
 * 'notice' message. A load failure reads as off ('0', empty). A load that answers after a live update is older
 * than it and is dropped.
 */
import { create } from 'zustand';
import { NOTICE_OFF, type SystemNotice } from '@houtai/shared/messaging';

export interface NoticeBannerState {
  notice: SystemNotice;
  /** A live update arrived since the shell mounted. */
  live: boolean;
}

export const INITIAL_BANNER: NoticeBannerState = { notice: NOTICE_OFF, live: false };

/** The config answer (null: it failed). */
export function applyLoaded(state: NoticeBannerState, notice: SystemNotice | null): NoticeBannerState {
  if (state.live) return state;
  return { notice: notice ?? NOTICE_OFF, live: false };
}

/** A realtime 'notice' message. */
export function applyLive(_state: NoticeBannerState, notice: SystemNotice): NoticeBannerState {
  return { notice, live: true };
}

export const useNoticeBannerStore = create<NoticeBannerState>()(() => INITIAL_BANNER);

/** The setting was loaded before the shell mounted (with the permissions, route-guard.tsx). */
let preloaded = false;

export const noticeBanner = {
  reset: () => useNoticeBannerStore.setState(INITIAL_BANNER, true),
  /**
   * Loaded alongside the permissions, before the shell's first paint: the banner is there from the start instead of
   * pushing the page down when it arrives (layout shift). The shell's first mount takes it (takePreloaded).
   */
  preload: (notice: SystemNotice | null) => {
    useNoticeBannerStore.setState(applyLoaded(INITIAL_BANNER, notice), true);
    preloaded = true;
  },
  /** True once after preload: the mounting banner keeps that state instead of loading it again. */
  takePreloaded: (): boolean => {
    const was = preloaded;
    preloaded = false;
    return was;
  },
  loaded: (notice: SystemNotice | null) => useNoticeBannerStore.setState((s) => applyLoaded(s, notice), true),
  live: (notice: SystemNotice) => useNoticeBannerStore.setState((s) => applyLive(s, notice), true),
};
