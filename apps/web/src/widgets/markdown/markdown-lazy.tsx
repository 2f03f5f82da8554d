/** The Markdown view in its own chunk (marked + DOMPurify), with a small placeholder while it loads. */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { MarkdownProps } from './markdown.tsx';

const LazyMarkdown = lazy(async () => ({ default: (await import('./markdown.tsx')).Markdown }));

export function MarkdownView(props: MarkdownProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} title={false} />}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
