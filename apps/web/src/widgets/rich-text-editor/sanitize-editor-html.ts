/**
 * What the rich-text editor emits: its HTML through the shared allow-list (RICH_TEXT_TAGS, the attributes and
 * URL rule of the Markdown renderer), on the client with DOMPurify — the server sanitises again before storing.
 * Unlike the renderer it adds nothing (no target/rel/loading: the server adds target/rel to links).
 *
 * Fail closed, as the renderer does: the result is checked against the same allow-lists (unsafeReason) and, if
 * anything is off (happy-dom, the unit tests' DOM, cannot drive DOMPurify), only the text is emitted, in one
 * paragraph. The real sanitising is proven in Chromium (e2e/tests/widgets-editors.spec.ts).
 */
import createDOMPurify, { type Config, type UponSanitizeAttributeHookEvent } from 'dompurify';
import { RICH_TEXT_TAGS } from '@houtai/shared/rich-text';
import {
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  isAllowedUrl,
  plainTextHtml,
  unsafeReason,
} from '../markdown/render-markdown.ts';

const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  FORCE_BODY: true,
};

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  // DOMPurify lets data: through on images; we do not.
  p.addHook('uponSanitizeAttribute', (_node: Element, data: UponSanitizeAttributeHookEvent) => {
    if (URL_ATTRIBUTES.has(data.attrName) && !isAllowedUrl(data.attrValue)) data.keepAttr = false;
  });
  purifier = p;
  return p;
}

/** The text of some HTML, parsed inertly (DOMParser runs no script and loads nothing). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

export function sanitizeEditorHtml(html: string): string {
  let out: string;
  try {
    out = getPurifier().sanitize(html, CONFIG);
  } catch {
    out = '';
  }
  if (out && unsafeReason(out) === null) return out;
  const text = textOf(html).trim();
  return text ? plainTextHtml(text) : '';
}
