/** The file name of a download from its Content-Disposition header (RFC 6266, with RFC 8187's filename*). */

/** Decodes an RFC 8187 ext-value (`charset'lang'pct-encoded`); null when its charset is unknown or it is malformed. */
function decodeExtValue(value: string): string | null {
  const m = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!m) return null;
  const charset = m[1] || 'utf-8';
  const encoded = m[2] ?? '';
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const ch = encoded[i]!;
    if (ch === '%' && /^[0-9a-f]{2}$/i.test(encoded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = ch.charCodeAt(0);
      if (code > 0x7f) return null;
      bytes.push(code);
    }
  }
  try {
    return new TextDecoder(charset, { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** Splits on ';' outside double quotes. */
function parameters(header: string): [string, string][] {
  const out: [string, string][] = [];
  const re = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of `;${header}`.matchAll(re)) {
    const name = (m[1] ?? '').toLowerCase();
    const raw = (m[2] ?? '').trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    out.push([name, value]);
  }
  return out;
}

/**
 * `filename*` wins over `filename` (RFC 6266 §4.3). A plain `filename` holding %XX escapes is decoded: JeecgBoot
 * sends its names URL-encoded there.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = parameters(header);
  const extended = params.find(([k]) => k === 'filename*');
  if (extended) {
    const decoded = decodeExtValue(extended[1]);
    if (decoded) return decoded;
  }
  const plain = params.find(([k]) => k === 'filename')?.[1];
  if (!plain) return null;
  if (!/%[0-9a-f]{2}/i.test(plain)) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}
