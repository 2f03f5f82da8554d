/**
 * Markdown → sanitised HTML (security design §2.9). Announcement content comes from the server already as HTML
 * (sanitised there); it is rendered with `format: 'html'`, which skips marked and sanitises the HTML again here. marked renders; an allow-list sanitiser (DOMPurify, on its
 * own instance so that its hooks stay ours) keeps a fixed set of text-formatting tags and attributes: no
 * scripts, styles, forms, frames, SVG or MathML, no event handlers, no classes or ids; URLs only http(s), mailto
 * and relative paths (data:, javascript:, vbscript: and every other scheme are dropped, also on images). Links
 * open in a new tab without an opener.
 *
 * Fail closed: the result is parsed once more and checked against the same allow-lists; if anything is off
 * (a sanitiser bug, an environment whose DOM it cannot drive) the message is shown as escaped plain text.
 */
import createDOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'dompurify';
import { Marked } from 'marked';
import { PAYSLIP_IMAGE_WIDTH } from '@houtai/shared/messaging';
import { RICH_TEXT_TAGS } from '@houtai/shared/rich-text';

export interface RenderMarkdownOptions {
  /** 'html': the text is HTML (announcement content), sanitised as it is; 'markdown' (default): parsed first. */
  format?: 'markdown' | 'html';
  /** Pay-slip messages: images shown at 8% width (spec §9). */
  payslip?: boolean;
  /** Maps an image's relative source (a stored file such as `web/2024/a.png`) to its URL. */
  resolveImageSrc?: (src: string) => string;
}

/**
 * http(s):, mailto:, or no scheme at all (a path, query or fragment). Tested after removing the whitespace and
 * control characters browsers ignore inside a URL, as DOMPurify does.
 */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z][a-z\d+.-]*(?:[^a-z\d+.\-:]|$))/i;

// eslint-disable-next-line no-control-regex -- exactly the characters a browser skips in a URL
const URL_IGNORED = /[\u0000-\u0020\u007F-\u009F\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;

export function isAllowedUrl(value: string): boolean {
  return ALLOWED_URI_REGEXP.test(value.replace(URL_IGNORED, ''));
}

/** What Markdown produces, plus the common inline and table HTML that announcements use (shared with the server). */
export const ALLOWED_TAGS = RICH_TEXT_TAGS;

/** Attributes kept from the message. No class, id or style: antd's classes or an inline style could fake UI. */
export const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'align',
  'colspan',
  'rowspan',
  'start',
  'reversed',
  'open',
  'datetime',
  'cite',
  'lang',
  'dir',
] as const;

/** Attributes that hold a URL; DOMPurify lets `data:` through on images, we do not. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
/** Set by our own hook after sanitising. */
const ADDED_ATTR = new Set(['target', 'rel', 'loading', 'style']);
const TAG_SET = new Set<string>(ALLOWED_TAGS);
const ATTR_SET = new Set<string>(ALLOWED_ATTR);
const XHTML = 'http://www.w3.org/1999/xhtml';
const PAYSLIP_STYLE = `width: ${PAYSLIP_IMAGE_WIDTH}`;

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** A relative source that names a stored file rather than a path on this site. */
function isStoredFilePath(src: string): boolean {
  return !/^(?:[a-z][a-z\d+.-]*:|\/|\.|#|\?)/i.test(src);
}

const markdown = new Marked({ gfm: true, breaks: true, async: false });

let purifier: ReturnType<typeof createDOMPurify> | null = null;
/** The options of the render in progress (sanitising is synchronous). */
let active: RenderMarkdownOptions = {};

function getPurifier() {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
    if (!URL_ATTRIBUTES.has(data.attrName)) return;
    let value = data.attrValue;
    if (node.nodeName === 'IMG' && data.attrName === 'src' && active.resolveImageSrc && isStoredFilePath(value)) {
      value = active.resolveImageSrc(value);
      data.attrValue = value;
    }
    if (!isAllowedUrl(value)) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.nodeName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      if (active.payslip) node.setAttribute('style', PAYSLIP_STYLE);
    }
  });
  purifier = p;
  return p;
}

/**
 * Why this HTML is not what the sanitiser promises, or null when it is: every element an allowed HTML tag,
 * every attribute allowed, URLs allowed, our own attributes with our own values.
 */
export function unsafeReason(html: string, options: Pick<RenderMarkdownOptions, 'payslip'> = {}): string | null {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    const tag = el.localName;
    if (el.namespaceURI !== XHTML || !TAG_SET.has(tag)) return `<${tag}>`;
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      if (!ATTR_SET.has(name) && !ADDED_ATTR.has(name)) return `${name} on <${tag}>`;
      if (URL_ATTRIBUTES.has(name) && !isAllowedUrl(value)) return `${name}="${value}" on <${tag}>`;
      if (name === 'target' && value !== '_blank') return `target="${value}"`;
      if (name === 'rel' && value !== 'noopener noreferrer') return `rel="${value}"`;
      if (name === 'loading' && value !== 'lazy') return `loading="${value}"`;
      if (name === 'style' && !(tag === 'img' && options.payslip && value === PAYSLIP_STYLE))
        return `style on <${tag}>`;
    }
  }
  return null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text itself, escaped, line breaks kept: what is shown when the rendered HTML fails the check. */
export function plainTextHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

export interface RenderedMarkdown {
  html: string;
  /** True when the sanitised HTML failed the check and the escaped text is shown instead. */
  plain: boolean;
}

export function renderMarkdownChecked(
  text: string | null | undefined,
  options: RenderMarkdownOptions = {},
): RenderedMarkdown {
  if (!text) return { html: '', plain: false };
  let html: string;
  const p = getPurifier();
  active = options;
  try {
    const source = options.format === 'html' ? text : (markdown.parse(text) as string);
    html = p.sanitize(source, CONFIG);
  } catch {
    return { html: plainTextHtml(text), plain: true };
  } finally {
    active = {};
  }
  if (unsafeReason(html, options) !== null) return { html: plainTextHtml(text), plain: true };
  return { html, plain: false };
}

/** Renders Markdown (raw HTML inside it included), or HTML with `format: 'html'`, to HTML safe to put into the page. */
export function renderMarkdown(text: string | null | undefined, options: RenderMarkdownOptions = {}): string {
  return renderMarkdownChecked(text, options).html;
}
