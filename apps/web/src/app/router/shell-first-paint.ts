/**
 * What the signed-in frame shows at its first paint besides the menu: loaded by the route guard at the same time as
 * the permissions (in its own chunk, so that the login page does not carry it), and put in place just before the
 * frame mounts, so that nothing pushes the page down when it arrives later (the notice banner did: CLS 0.19).
 */
import { getSystemNotice } from '../shell/notice-banner/api/get-system-notice.ts';
import { noticeBanner } from '../shell/notice-banner/notice-banner-store.ts';

/** Starts the loads; resolves to the function that puts their answers in place. Never rejects. */
export async function loadShellFirstPaint(): Promise<() => void> {
  const notice = await getSystemNotice();
  return () => noticeBanner.preload(notice);
}
