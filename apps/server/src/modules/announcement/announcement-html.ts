/**
 * Announcement content is stored and served as sanitised HTML (msg_content). Jeecg clients and the rich-text
 * editor post HTML; our announcement editor posts Markdown (msgContentMd), converted with marked. Both go through
 * the server's one rich-text allow-list (lib/rich-html.ts, shared with every other stored rich text).
 */
import { hasVisibleContent, markdownToRichHtml, RICH_HTML_TAGS, sanitizeRichHtml } from '../../lib/rich-html.ts';

export { hasVisibleContent };
export const ANNOUNCEMENT_TAGS = RICH_HTML_TAGS;
export const sanitizeAnnouncementHtml = sanitizeRichHtml;
export const markdownToAnnouncementHtml = markdownToRichHtml;
