import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, PrecompressedEnvelope } from './precompressed-envelope.ts';

const menu = {
  menu: Array.from({ length: 60 }, (_, i) => ({ id: `m${i}`, path: `/p/${i}`, meta: { title: `菜单${i}` } })),
};
const json = Buffer.from(JSON.stringify(menu), 'utf8');

describe('PrecompressedEnvelope', () => {
  it('answers the success envelope with the given timestamp, uncompressed', () => {
    const body = new PrecompressedEnvelope(json).body(1_700_000_000_123, 'identity');
    expect(JSON.parse(body.toString('utf8'))).toEqual({
      success: true,
      message: '',
      code: 200,
      result: menu,
      timestamp: 1_700_000_000_123,
    });
  });

  it('answers a gzip stream that inflates to exactly the uncompressed envelope, for any timestamp', () => {
    const envelope = new PrecompressedEnvelope(json);
    expect(envelope.compressible).toBe(true);
    for (const now of [0, 1, 1_795_368_180_890, Number.MAX_SAFE_INTEGER]) {
      const gz = envelope.body(now, 'gzip');
      expect(gz.length).toBeLessThan(json.length / 2);
      // gunzip checks the CRC-32 and the length of the trailer, so a wrong trailer throws here.
      expect(gunzipSync(gz).equals(envelope.body(now, 'identity'))).toBe(true);
    }
  });

  it('sends small results as they are', () => {
    const envelope = new PrecompressedEnvelope(Buffer.from('{"a":1}'));
    expect(envelope.compressible).toBe(false);
    expect(envelope.body(5, 'gzip').toString()).toBe(
      '{"success":true,"message":"","code":200,"result":{"a":1},"timestamp":5}',
    );
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['br', 'identity'],
    ['*', 'gzip'],
    ['deflate, GZIP', 'gzip'],
    ['gzip;q=0.5, identity;q=1', 'identity'],
    ['identity, br', 'identity'],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
