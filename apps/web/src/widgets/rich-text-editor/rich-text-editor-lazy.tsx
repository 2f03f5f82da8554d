/** The rich-text editor in its own chunk (Tiptap/ProseMirror), with a placeholder of its height while it loads. */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

const LazyRichTextEditor = lazy(async () => ({ default: (await import('./rich-text-editor.tsx')).RichTextEditor }));

export type { RichTextEditorProps };

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: (props.height ?? 300) + 40 }} />}>
      <LazyRichTextEditor {...props} />
    </Suspense>
  );
}
