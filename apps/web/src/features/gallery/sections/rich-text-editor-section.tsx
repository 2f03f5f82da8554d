/**
 * Gallery: the rich-text editor (spec widgets §2.6, §9) — toolbar, images uploaded with biz jeditor, the emitted
 * (sanitised) HTML; and the reload when its tab becomes active again.
 */
import { useState } from 'react';
import { Flex, Tabs } from 'antd';
import { RichTextEditor } from '../../../widgets/rich-text-editor/rich-text-editor-lazy.tsx';
import { editorImageUpload, resolveStaticUrl } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [html, setHtml] = useState('<p>选中文字后点<strong>加粗</strong>，或插入一张图片。</p>');
  const [tab, setTab] = useState('editor');
  const [tabbed, setTabbed] = useState('<p>切到另一个页签再切回来，内容会重新加载。</p>');
  return (
    <Flex vertical>
      <Variant label="默认（高300）" value={html} valueTestId="rich-text-value">
        <RichTextEditor
          value={html}
          onChange={setHtml}
          upload={editorImageUpload}
          resolveUrl={resolveStaticUrl}
          aria-label="示例富文本"
        />
      </Variant>
      <Variant label="在页签中（切回时重新加载）" value={tabbed} valueTestId="rich-text-tab-value">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          size="small"
          items={[
            {
              key: 'editor',
              label: '编辑器',
              forceRender: true,
              children: (
                <RichTextEditor
                  value={tabbed}
                  onChange={setTabbed}
                  active={tab === 'editor'}
                  height={160}
                  upload={editorImageUpload}
                  resolveUrl={resolveStaticUrl}
                  aria-label="页签中的富文本"
                />
              ),
            },
            { key: 'other', label: '其他页签', children: <p>另一个页签的内容。</p> },
          ]}
        />
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'rich-text-editor',
  title: '富文本编辑器',
  order: 62,
  description: '输出经共享白名单净化的 HTML（服务器保存前再净化一次）；图片以 jeditor 上传。',
  Component: Demo,
};
