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

export const noticeBanner = {
  reset: () => useNoticeBannerStore.setState(INITIAL_BANNER, true),
  loaded: (notice: SystemNotice | null) => useNoticeBannerStore.setState((s) => applyLoaded(s, notice), true),
  live: (notice: SystemNotice) => useNoticeBannerStore.setState((s) => applyLive(s, notice), true),
};
