import { describe, expect, it } from 'vitest';
import { orderSections, type GallerySection } from './gallery-section.ts';

const s = (id: string, order: number, title = id): { section: GallerySection } => ({
  section: { id, title, order, Component: () => null },
});

describe('orderSections', () => {
  it('orders by order, then by title', () => {
    const out = orderSections({ a: s('b', 2), b: s('a', 1), c: s('c', 2, 'a') });
    expect(out.map((x) => x.id)).toEqual(['a', 'c', 'b']);
  });
  it('refuses a file without a section and a repeated id', () => {
    expect(() => orderSections({ 'x.tsx': {} })).toThrow(/x\.tsx/);
    expect(() => orderSections({ a: s('a', 1), b: s('a', 2) })).toThrow(/id a/);
  });
});
