/**
 * exceljs's own XML pull layer (saxes underneath, no DTD or external entities). It decodes Buffer chunks one
 * by one without a streaming decoder, so callers must hand it strings (see xml.ts).
 */
declare module 'exceljs/lib/utils/parse-sax.js' {
  export interface SaxOpenTag {
    name: string;
    attributes: Record<string, string>;
    isSelfClosing: boolean;
  }
  export type SaxEvent =
    | { eventType: 'opentag'; value: SaxOpenTag }
    | { eventType: 'text'; value: string }
    | { eventType: 'closetag'; value: SaxOpenTag };
  export default function parseSax(iterable: AsyncIterable<string>): AsyncGenerator<SaxEvent[], void, undefined>;
}
