/** The code editor in its own chunk (CodeMirror and its languages), with a placeholder of its height while it loads. */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { CodeEditorProps } from './code-editor.tsx';

const LazyCodeEditor = lazy(async () => ({ default: (await import('./code-editor.tsx')).CodeEditor }));

export type { CodeEditorProps };

export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 300 }} />}>
      <LazyCodeEditor {...props} />
    </Suspense>
  );
}
