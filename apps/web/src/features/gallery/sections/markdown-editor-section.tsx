/** Gallery: the Markdown editor (spec widgets §2.4, §9) — edit, preview, and the image dialog. */
import { useState } from 'react';
import { MarkdownEditor } from '../../../widgets/markdown-editor/markdown-editor.tsx';
import { editorImageUpload, resolveStaticUrl } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [text, setText] = useState('## 标题\n\n- **加粗**\n- [链接](https://example.com)\n');
  return (
    <Variant label="编辑 / 预览，插入图片（本地上传或网络图片）" value={text} valueTestId="markdown-editor-value">
      <MarkdownEditor value={text} onChange={setText} upload={editorImageUpload} resolveUrl={resolveStaticUrl} />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'markdown-editor',
  title: 'Markdown 编辑器',
  order: 63,
  description: '最小高度200，预览经净化；图片对话框可本地上传（jeditor）或填写网络地址，并可加说明。',
  Component: Demo,
};
