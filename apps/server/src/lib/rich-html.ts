/**
 * Rich text the server stores (announcement content, whatever a rich-text or Markdown editor posts) is sanitised
 * HTML, which the JeecgBoot UIs render as given. HTML from an editor, or Markdown converted with marked, goes
 * through one allow-list (sanitize-html, the tags of @houtai/shared/rich-text that the browser's DOMPurify uses
 * too): text formatting, lists, tables, links and images only; no scripts, styles, forms, frames, SVG/MathML,
 * event handlers, classes or ids; URLs http(s), mailto or relative (javascript:, data:, vbscript: and every other
 * scheme dropped); links open in a new tab without an opener. Browsers sanitise again when they render.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_TAGS } from '@houtai/shared/rich-text';

/** The same tag set the web app's renderer and editors keep (one list, in the shared package). */
export const RICH_HTML_TAGS: string[] = [...RICH_TEXT_TAGS];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: RICH_HTML_TAGS,
  allowedAttributes: {
    '*': ['title', 'lang', 'dir'],
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    ol: ['start', 'reversed'],
    details: ['open'],
    time: ['datetime'],
    q: ['cite'],
    blockquote: ['cite'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Script and style contents go with their tags; other unknown tags leave their text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object'],
  transformTags: {
    // Links that keep their href open in a new tab without an opener; an href that will be dropped gets nothing.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs:
          rest.href && isAllowedHref(rest.href) ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest,
      };
    },
  },
};
// target/rel are ours (added above), not taken from the input.
SANITIZE.allowedAttributes = {
  ...(SANITIZE.allowedAttributes as Record<string, string[]>),
  a: ['href', 'target', 'rel'],
};

// eslint-disable-next-line no-control-regex -- exactly the characters a browser skips in a URL
const URL_IGNORED = /[\u0000-\u0020\u007F-\u009F]/g;

/** http(s):, mailto: or a relative URL (not protocol-relative): what the allow-list keeps on links. */
function isAllowedHref(href: string): boolean {
  const compact = href.replace(URL_IGNORED, '');
  if (compact.startsWith('//')) return false;
  return /^(?:https?:|mailto:)/i.test(compact) || !/^[a-z][a-z\d+.-]*:/i.test(compact);
}

const markdown = new Marked({ gfm: true, breaks: true, async: false });

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** Markdown (raw HTML inside it included) → sanitised HTML. */
export function markdownToRichHtml(md: string): string {
  return sanitizeRichHtml(markdown.parse(md) as string);
}

/** Whether sanitised HTML shows anything: text or an image (a message of only `<script>` shows nothing). */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s[^>]*\bsrc=/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
