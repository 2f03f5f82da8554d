/**
 * What the signed-in frame shows at its first paint besides the menu: loaded by the route guard at the same time as
 * the permissions (in its own chunk, so that the login page does not carry it), and put in place just before the
 * frame mounts, so that nothing pushes the page down when it arrives later (the notice banner did: CLS 0.19).
 */
import type { SystemNotice } from '@houtai/shared/messaging';
import { noticeBanner } from '../shell/notice-banner/notice-banner-store.ts';

/**
 * Waits for the loads the route guard started (the notice is asked for before this chunk has even been evaluated);
 * resolves to the function that puts their answers in place. Never rejects.
 */
export async function loadShellFirstPaint(notice: Promise<SystemNotice | null>): Promise<() => void> {
  const answer = await notice;
  return () => noticeBanner.preload(answer);
}
