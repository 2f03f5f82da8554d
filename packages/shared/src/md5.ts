/** MD5 as lower-case hex over the UTF-8 bytes of a text (the realtime socket key, contract §2.12). Not for secrets. */
import jsMd5 from 'js-md5';

export function md5Hex(text: string): string {
  return jsMd5.md5(text);
}
