/**
 * A success envelope around an already serialised result, kept both as UTF-8 and as a gzip stream whose
 * constant part is compressed once. Only the timestamp differs between responses, so a response is the
 * cached deflate blocks (ending byte-aligned after a sync flush), one stored final block with the timestamp,
 * and the gzip trailer (CRC-32 continued over the timestamp, total length): a valid RFC 1952 stream that any
 * browser inflates, at the cost of a buffer copy instead of compressing the menu on every request.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import Negotiator from 'negotiator';

const PREFIX = '{"success":true,"message":"","code":200,"result":';
const TIMESTAMP_KEY = ',"timestamp":';
/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** Below this the gzip framing is not worth it; such answers go out as they are. */
const MIN_COMPRESS_BYTES = 1024;

export type ContentEncoding = 'gzip' | 'identity';

/** Browsers' usual form: a plain list without q-values, where every listed coding is acceptable. */
const PLAIN_LIST_WITH_GZIP = /^(?:[\w*-]+\s*,\s*)*gzip(?:\s*,\s*[\w*-]+)*$/i;

/** The encoding to answer with for an Accept-Encoding header (q-values honoured; absent header → identity). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  // Fast path for what browsers send; anything with parameters goes through the full negotiation.
  if (PLAIN_LIST_WITH_GZIP.test(acceptEncoding)) return 'gzip';
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(['gzip', 'identity']);
  return chosen === 'gzip' ? 'gzip' : 'identity';
}

export class PrecompressedEnvelope {
  /** `{"success":…,"result":<json>,"timestamp":` as UTF-8. */
  private readonly head: Buffer;
  private readonly deflatedHead: Buffer | null;
  private readonly headCrc: number;

  constructor(resultJson: Buffer) {
    this.head = Buffer.concat([Buffer.from(PREFIX, 'utf8'), resultJson, Buffer.from(TIMESTAMP_KEY, 'utf8')]);
    const worthIt = this.head.length >= MIN_COMPRESS_BYTES;
    this.deflatedHead = worthIt ? deflateRawSync(this.head, { finishFlush: constants.Z_SYNC_FLUSH }) : null;
    this.headCrc = worthIt ? crc32(this.head) : 0;
  }

  /** Whether `body(…, 'gzip')` really compresses (small answers are sent as they are). */
  get compressible(): boolean {
    return this.deflatedHead !== null;
  }

  /** The envelope stamped with `now`, in the requested encoding (identity when not compressible). */
  body(now: number, encoding: ContentEncoding): Buffer {
    const tail = Buffer.from(`${now}}`, 'latin1');
    if (encoding === 'identity' || !this.deflatedHead) return Buffer.concat([this.head, tail]);
    // A final stored block (BFINAL=1, BTYPE=00) holding the tail: LEN and its one's complement, little-endian.
    const stored = Buffer.allocUnsafe(5);
    stored[0] = 0x01;
    stored.writeUInt16LE(tail.length, 1);
    stored.writeUInt16LE(~tail.length & 0xffff, 3);
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc32(tail, this.headCrc), 0);
    trailer.writeUInt32LE((this.head.length + tail.length) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, this.deflatedHead, stored, tail, trailer]);
  }
}
