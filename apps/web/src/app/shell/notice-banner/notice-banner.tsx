/**
 * The system notice banner (spec §2.3, §3, §4): a marquee at the top of the content while the notice's status
 * is not '0'. Loaded once when the shell mounts (a failure hides it silently) and updated live by realtime
 * 'notice' messages (the route guard loads it together with the permissions, so that it is there at the first
 * paint rather than pushing the page down later). The content is plain text. With reduced motion asked for, the text stands still.
 */
import { useEffect, type CSSProperties } from 'react';
import { SoundOutlined } from '@ant-design/icons';
import { isNoticeShown } from '@houtai/shared/messaging';
import { getSystemNotice } from './api/get-system-notice.ts';
import { noticeBanner, useNoticeBannerStore } from './notice-banner-store.ts';
import './notice-banner.css';

/** Seconds for one pass: long texts move at the same reading speed as short ones. */
export function marqueeSeconds(text: string): number {
  return Math.min(120, Math.max(12, Math.round(8 + text.length * 0.3)));
}

export function NoticeBanner() {
  const notice = useNoticeBannerStore((s) => s.notice);

  useEffect(() => {
    // Loaded with the permissions just before the shell mounted: already on screen from the first paint.
    if (noticeBanner.takePreloaded()) return;
    let current = true;
    noticeBanner.reset();
    void getSystemNotice().then((loaded) => {
      if (current) noticeBanner.loaded(loaded);
    });
    return () => {
      current = false;
    };
  }, []);

  if (!isNoticeShown(notice)) return null;
  const style = { '--houtai-marquee-seconds': `${marqueeSeconds(notice.content)}s` } as CSSProperties;
  return (
    <div className="houtai-notice-banner" role="marquee" aria-label="系统通知" data-testid="notice-banner">
      <SoundOutlined className="houtai-notice-banner__icon" aria-hidden />
      <div className="houtai-notice-banner__track">
        <span className="houtai-notice-banner__text" style={style} data-testid="notice-banner-text">
          {notice.content}
        </span>
      </div>
    </div>
  );
}
