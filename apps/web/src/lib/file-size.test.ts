import { describe, expect, it } from 'vitest';
import { fileSizeText } from './file-size.ts';

describe('fileSizeText', () => {
  it('uses bytes below 1 KB, one decimal above', () => {
    expect(fileSizeText(0)).toBe('0 B');
    expect(fileSizeText(70)).toBe('70 B');
    expect(fileSizeText(1023)).toBe('1023 B');
    expect(fileSizeText(1024)).toBe('1.0 KB');
    expect(fileSizeText(6656)).toBe('6.5 KB');
    expect(fileSizeText(21 * 1024 * 1024)).toBe('21.0 MB');
  });
});
