/**
 * Java's URLDecoder.decode(value, "UTF-8"), which JeecgBoot applies to parameters its clients encode a second
 * time (e.g. checkByCode's `value`): '+' is a space and %XX sequences are UTF-8 bytes. A malformed sequence
 * leaves the value as it is instead of failing the request.
 */
export function javaUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
