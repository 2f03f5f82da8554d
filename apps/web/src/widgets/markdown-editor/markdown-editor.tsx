/**
 * Markdown editor (spec widgets §2.4, §9): a text area (min height 200) with tabs 编辑 / 预览 — the preview is the
 * shared Markdown view (sanitised) — and 插入图片, the image dialog (local upload with biz 'jeditor', or an http(s)
 * address, each with a remark) putting `![remark](src)` on a line of its own where the cursor is. The image's src is
 * the stored path; the preview resolves it with `resolveUrl`.
 */
import { useRef, useState } from 'react';
import { Button, Input, Tabs, theme, type GetRef } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { MarkdownImageDialog } from '../markdown/markdown-image-dialog.tsx';
import { MarkdownView } from '../markdown/markdown-lazy.tsx';
import type { UploadTransport } from '../upload/file-upload.tsx';

export const MARKDOWN_EDITOR_TEXT = {
  label: 'Markdown 编辑器',
  edit: '编辑',
  preview: '预览',
  insertImage: '插入图片',
  empty: '暂无内容',
  placeholder: '支持 Markdown：# 标题、**加粗**、- 列表、[链接](https://…)',
} as const;

export interface MarkdownEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  upload: UploadTransport;
  resolveUrl: (path: string) => string;
  /** Minimum height of the text area and the preview in px (default 200). */
  minHeight?: number;
  maxLength?: number;
  placeholder?: string;
  readOnly?: boolean;
  'aria-label'?: string;
  id?: string;
}

/** Puts `piece` at `at` on a line of its own. Answers the new text and the caret after the piece. */
export function insertBlock(text: string, at: number, piece: string): { text: string; caret: number } {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before && !before.endsWith('\n') ? '\n' : '';
  const trail = after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${piece}${trail}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + inserted.length };
}

export function MarkdownEditor({
  value,
  onChange,
  upload,
  resolveUrl,
  minHeight = 200,
  maxLength,
  placeholder = MARKDOWN_EDITOR_TEXT.placeholder,
  readOnly = false,
  'aria-label': label = MARKDOWN_EDITOR_TEXT.label,
  id,
}: MarkdownEditorProps) {
  const { token } = theme.useToken();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [imageOpen, setImageOpen] = useState(false);
  const area = useRef<GetRef<typeof Input.TextArea>>(null);
  const text = value ?? '';

  const insertImage = (markdown: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : text.length;
    const next = insertBlock(text, at, markdown);
    onChange?.(next.text);
    setImageOpen(false);
    setTab('edit');
    requestAnimationFrame(() => {
      const t = area.current?.resizableTextArea?.textArea;
      if (!t) return;
      t.focus();
      t.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div className="markdown-editor" data-testid="markdown-editor" style={{ position: 'relative' }}>
      {!readOnly && (
        // Over the tab bar, not in it: a button inside role=tablist is not allowed (axe, issue 11).
        <Button
          size="small"
          icon={<PictureOutlined />}
          onClick={() => setImageOpen(true)}
          style={{ position: 'absolute', top: 8, insetInlineEnd: 0, zIndex: 1 }}
        >
          {MARKDOWN_EDITOR_TEXT.insertImage}
        </Button>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'edit' | 'preview')}
        size="small"
        items={[
          {
            key: 'edit',
            label: MARKDOWN_EDITOR_TEXT.edit,
            forceRender: true,
            children: (
              <Input.TextArea
                ref={area}
                id={id}
                value={text}
                onChange={(e) => onChange?.(e.target.value)}
                aria-label={label}
                placeholder={placeholder}
                maxLength={maxLength}
                showCount={maxLength !== undefined}
                readOnly={readOnly}
                rows={Math.ceil(minHeight / 22)}
                style={{ minHeight, resize: 'vertical', fontFamily: token.fontFamilyCode }}
              />
            ),
          },
          {
            key: 'preview',
            label: MARKDOWN_EDITOR_TEXT.preview,
            children: (
              <div data-testid="markdown-editor-preview" style={{ minHeight, overflow: 'auto' }}>
                {text.trim() ? (
                  <MarkdownView text={text} resolveImageSrc={resolveUrl} />
                ) : (
                  <span style={{ color: token.colorTextDescription }}>{MARKDOWN_EDITOR_TEXT.empty}</span>
                )}
              </div>
            ),
          },
        ]}
      />
      <MarkdownImageDialog
        open={imageOpen}
        upload={upload}
        resolveUrl={resolveUrl}
        onInsert={insertImage}
        onCancel={() => setImageOpen(false)}
      />
    </div>
  );
}
