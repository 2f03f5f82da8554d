/**
 * One section of the widget gallery. Each widget's section is a file `sections/<name>-section.tsx` exporting
 * `section: GallerySection`; the page finds them by file name (import.meta.glob), so adding a widget's section
 * touches no shared list. Sections load heavy widgets (editors, CodeMirror) lazily themselves.
 */
import type { ComponentType } from 'react';

export interface GallerySection {
  /** Anchor id (`/test/home#<id>`), lower-case words joined by '-'. */
  id: string;
  /** Chinese heading of the section. */
  title: string;
  /** Position on the page, ascending; ties by title. */
  order: number;
  /** One line saying what the widget is for. */
  description?: string;
  Component: ComponentType;
}

/** Sections in page order; refuses two sections with one id (anchors would collide). */
export function orderSections(modules: Record<string, { section?: GallerySection }>): GallerySection[] {
  const sections = Object.entries(modules).map(([file, m]) => {
    if (!m.section) throw new Error(`${file} does not export a section`);
    return m.section;
  });
  const ids = new Set<string>();
  for (const s of sections) {
    if (ids.has(s.id)) throw new Error(`two gallery sections use the id ${s.id}`);
    ids.add(s.id);
  }
  return sections.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, 'zh-CN'));
}
