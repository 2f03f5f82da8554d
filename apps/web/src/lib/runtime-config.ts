/** Settings the server injects into index.html at runtime (`<meta name="houtai-config">`), read once. */

export interface ExternalLinks {
  accounting: string;
  warehouse: string;
  logistics: string;
  erp: string;
}

export interface RuntimeConfig {
  apiBase: string;
  signSecret: string;
  copyright: string;
  filingNumber: string;
  externalLinks: ExternalLinks;
  /** Prefix of stored files' URLs (spec §7), without a trailing slash: a CDN origin, or the API's static route. */
  staticDomain: string;
  /** How many pages the tab workspace keeps alive (least recently used evicted); null: the app's default. */
  keepAliveLimit: number | null;
}

/** Used under `vite dev`, whose proxy forwards /api to a local server. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  signSecret: (import.meta.env.VITE_SIGN_SECRET as string | undefined) ?? '',
  copyright: '',
  filingNumber: '',
  externalLinks: { accounting: '', warehouse: '', logistics: '', erp: '' },
  staticDomain: '/api/sys/common/static',
  keepAliveLimit: null,
};

/** The server's own file route, used when no static domain is configured. */
function sameOriginStatic(apiBase: string): string {
  return `${apiBase}/sys/common/static`;
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** Parses the meta tag's content; anything missing or malformed falls back to the defaults. */
export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  if (!content) return DEFAULT_RUNTIME_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_RUNTIME_CONFIG;
  const r = raw as Record<string, unknown>;
  const links =
    typeof r.externalLinks === 'object' && r.externalLinks !== null ? (r.externalLinks as Record<string, unknown>) : {};
  const d = DEFAULT_RUNTIME_CONFIG;
  // An empty prefix is legal on the server (API at the root), so only a non-string falls back.
  const apiBase = str(r.apiBase, d.apiBase).replace(/\/+$/, '');
  return {
    apiBase,
    signSecret: str(r.signSecret, d.signSecret),
    copyright: str(r.copyright, d.copyright),
    filingNumber: str(r.filingNumber, d.filingNumber),
    externalLinks: {
      accounting: str(links.accounting, ''),
      warehouse: str(links.warehouse, ''),
      logistics: str(links.logistics, ''),
      erp: str(links.erp, ''),
    },
    staticDomain: str(r.staticDomain, '').replace(/\/+$/, '') || sameOriginStatic(apiBase),
    keepAliveLimit:
      typeof r.keepAliveLimit === 'number' && Number.isSafeInteger(r.keepAliveLimit) && r.keepAliveLimit >= 0
        ? r.keepAliveLimit
        : null,
  };
}

let cached: RuntimeConfig | null = null;

export function getRuntimeConfig(): RuntimeConfig {
  if (!cached) {
    const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="houtai-config"]');
    cached = parseRuntimeConfig(meta?.getAttribute('content'));
  }
  return cached;
}
