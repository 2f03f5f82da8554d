/**
 * 开发文档 at {API_PREFIX}/docs/manual: the product's own documentation (the README and the operations guide of
 * this repository) as one HTML page, the target of the 开发文档 menu entry (an iframe page like 接口文档).
 *
 * Public like the Swagger UI page: the iframe cannot send the token, and both documents are the ones shipped with
 * the source. The Markdown is rendered once, on the first request, and sanitised like any HTML this server serves.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** The documents, in page order: anchor, heading of the page's navigation, file relative to the repository root. */
export const MANUAL_DOCUMENTS = [
  { id: 'readme', title: '使用与开发说明', file: 'README.md' },
  { id: 'operations', title: '部署与运维', file: 'docs/operations.md' },
] as const;

export const MANUAL_TITLE = '开发文档';
export const MANUAL_MISSING = '本次部署未包含开发文档';

const REPOSITORY_ROOT = new URL('../../../../', import.meta.url);

const STYLE = `
body{margin:0;font:14px/1.7 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#fff}
main{max-width:960px;margin:0 auto;padding:16px 24px 48px}
nav{display:flex;flex-wrap:wrap;gap:8px 16px;padding:12px 0;border-bottom:1px solid #f0f0f0;margin-bottom:8px}
a{color:#0958d9}
pre{background:#f6f8fa;padding:12px;overflow:auto;border-radius:6px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
table{border-collapse:collapse;display:block;overflow:auto}
th,td{border:1px solid #d9d9d9;padding:4px 8px;text-align:left}
section{border-bottom:1px solid #f0f0f0;padding-bottom:24px}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page, or null when none of the documents is there (a deployment without the repository's files). */
export async function renderManual(root: URL = REPOSITORY_ROOT): Promise<string | null> {
  const sections: string[] = [];
  const links: string[] = [];
  for (const doc of MANUAL_DOCUMENTS) {
    let text: string;
    try {
      text = await readFile(new URL(doc.file, root), 'utf8');
    } catch {
      continue;
    }
    const html = sanitizeHtml(await marked.parse(text, { gfm: true }), {
      allowedTags: sanitizeHtml.defaults.allowedTags.concat(['h1', 'h2', 'img']),
      allowedAttributes: {
        a: ['href', 'title'],
        img: ['src', 'alt', 'title'],
        code: ['class'],
        th: ['align'],
        td: ['align'],
      },
      allowedSchemes: ['http', 'https', 'mailto'],
    });
    links.push(`<a href="#${doc.id}">${escapeHtml(doc.title)}</a>`);
    sections.push(`<section id="${doc.id}">${html}</section>`);
  }
  if (sections.length === 0) return null;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${MANUAL_TITLE}</title><style>${STYLE}</style></head><body><main><nav aria-label="${MANUAL_TITLE}">${links.join('')}</nav>${sections.join('')}</main></body></html>`;
}

export function registerManual(app: FastifyInstance): void {
  let page: Promise<string | null> | null = null;
  app.get(
    `${app.config.apiPrefix}/docs/manual`,
    { config: { policy: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      page ??= renderManual();
      const html = await page;
      reply.type('text/html; charset=utf-8');
      if (html === null) {
        return reply
          .status(404)
          .send(
            `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${MANUAL_TITLE}</title><p>${MANUAL_MISSING}</p></html>`,
          );
      }
      return reply.send(html);
    },
  );
}
