/**
 * Streaming XML for the package parts: bytes decoded with a streaming decoder (so a character split between
 * two chunks survives), events from exceljs's saxes layer, malformed XML turned into a Chinese refusal, and
 * element names resolved against the SpreadsheetML namespace whatever prefix the writer chose ('x:c' or 'c').
 */
import { TextDecoder } from 'node:util';
import parseSax, { type SaxEvent, type SaxOpenTag } from 'exceljs/lib/utils/parse-sax.js';
import { EXCEL_TEXT, ExcelError } from './excel-error.ts';

export type { SaxEvent, SaxOpenTag };

export const SPREADSHEET_NS = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
] as const;

/** Decodes a part's bytes: UTF-8 unless a BOM or the first bytes say UTF-16. Invalid bytes throw. */
export async function* decodeChunks(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of chunks) {
    if (decoder === null) decoder = new TextDecoder(encodingOf(chunk), { fatal: true });
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const tail = decoder?.decode() ?? '';
  if (tail) yield tail;
}

function encodingOf(head: Buffer): string {
  const [a, b] = [head[0], head[1]];
  if ((a === 0xff && b === 0xfe) || (a === 0x3c && b === 0x00)) return 'utf-16le';
  if ((a === 0xfe && b === 0xff) || (a === 0x00 && b === 0x3c)) return 'utf-16be';
  return 'utf-8';
}

/**
 * The events of one part in batches (one per chunk). `label` names the part in the refusal ('工作表“1月”').
 * Beyond what saxes checks, the document must have a root element that is closed at the end.
 */
export async function* xmlEvents(text: AsyncIterable<string>, label: string): AsyncGenerator<SaxEvent[]> {
  let depth = 0;
  let sawRoot = false;
  try {
    for await (const events of parseSax(text)) {
      for (const e of events) {
        if (e.eventType === 'opentag') {
          depth++;
          sawRoot = true;
        } else if (e.eventType === 'closetag') {
          depth--;
        }
      }
      yield events;
    }
  } catch (err) {
    if (err instanceof ExcelError) throw err;
    throw new ExcelError('CORRUPT_XML', EXCEL_TEXT.corruptXml(label), err);
  }
  if (!sawRoot || depth !== 0) throw new ExcelError('CORRUPT_XML', EXCEL_TEXT.corruptXml(label));
}

/**
 * Resolves element names to local names when they belong to one of `namespaces`. Set up from the root element:
 * the prefixes bound there to those namespaces are accepted, and unprefixed names are accepted when the
 * default namespace is one of them or is not declared at all.
 */
export class NameResolver {
  private readonly prefixes = new Set<string>();

  constructor(root: SaxOpenTag, namespaces: readonly string[]) {
    const attrs = root.attributes;
    const defaultNs = attrs['xmlns'];
    if (defaultNs === undefined || namespaces.includes(defaultNs)) this.prefixes.add('');
    for (const [name, value] of Object.entries(attrs)) {
      if (name.startsWith('xmlns:') && namespaces.includes(value)) this.prefixes.add(name.slice(6));
    }
  }

  /** The local name, or null for an element of another namespace. */
  local(name: string): string | null {
    const colon = name.indexOf(':');
    if (colon < 0) return this.prefixes.has('') ? name : null;
    return this.prefixes.has(name.slice(0, colon)) ? name.slice(colon + 1) : null;
  }
}

/** The local part of a name, ignoring its prefix (for parts where no other namespace matters, like .rels). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
