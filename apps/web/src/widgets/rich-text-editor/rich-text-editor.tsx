/**
 * Rich-text editor (spec widgets §2.6, §9) on Tiptap: height 300 by default, a toolbar of labelled buttons (bold,
 * italic, underline, headings, lists, link, image, undo/redo), images through the Markdown editor's image dialog
 * (local upload with biz 'jeditor' through the `upload` prop, or an http(s) address). It emits HTML sanitised with
 * the shared allow-list (RICH_TEXT_TAGS, DOMPurify: sanitize-editor-html.ts) — the server sanitises it again before it
 * stores it. Its content is reloaded from `value` when its tab becomes active again (`active` going true, as the
 * JeecgBoot editor re-initialises on activation) and whenever `value` changes to something it did not emit.
 * Heavy: import it through rich-text-editor-lazy.tsx.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Form, Input, Modal, Space, theme, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { MarkdownImageDialog } from '../markdown/markdown-image-dialog.tsx';
import { isAllowedUrl } from '../markdown/render-markdown.ts';
import { sanitizeEditorHtml } from './sanitize-editor-html.ts';
import type { UploadTransport } from '../upload/file-upload.tsx';
import { ModalForm } from '../../lib/modal-form.tsx';
import './rich-text-editor.css';

export const RICH_TEXT = {
  label: '富文本编辑器',
  toolbar: '格式工具栏',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  heading: (level: number) => `${level}级标题`,
  bulletList: '无序列表',
  orderedList: '有序列表',
  link: '链接',
  linkTitle: '插入链接',
  linkUrl: '链接地址',
  linkInvalid: '请输入以http和https开头的网址',
  image: '插入图片',
  undo: '撤销',
  redo: '重做',
} as const;

export interface RichTextEditorProps {
  /** HTML. */
  value?: string | null;
  /** Sanitised HTML; '' when the editor is empty. */
  onChange?: (html: string) => void;
  upload: UploadTransport;
  /** URL of a stored file (the image's src in the HTML). */
  resolveUrl: (path: string) => string;
  /** Height of the editing area in px (default 300). */
  height?: number;
  /** Whether the tab holding the editor is the active one; going true reloads the content from `value`. */
  active?: boolean;
  readOnly?: boolean;
  'aria-label'?: string;
  id?: string;
}

/** The editor's HTML as the widget emits it: sanitised; an empty document is ''. */
export function cleanHtml(editor: Pick<Editor, 'isEmpty' | 'getHTML'>): string {
  if (editor.isEmpty) return '';
  return sanitizeEditorHtml(editor.getHTML());
}

export function RichTextEditor({
  value,
  onChange,
  upload,
  resolveUrl,
  height = 300,
  active = true,
  readOnly = false,
  'aria-label': label = RICH_TEXT.label,
  id,
}: RichTextEditorProps) {
  const { token } = theme.useToken();
  const emitted = useRef<string | null | undefined>(value);
  const onChangeRef = useRef(onChange);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => isAllowedUrl(url),
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    editable: !readOnly,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'rich-text-editor__content',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = cleanHtml(e);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside that the editor did not emit replaces the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  // Reload when the tab becomes active again: what another tab or a save did to the value shows.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current && editor) {
      emitted.current = value;
      editor.commands.setContent(value ?? '', { emitUpdate: false });
    }
    wasActive.current = active;
  }, [active, editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const openLink = () => {
    setLinkUrl((editor?.getAttributes('link').href as string | undefined) ?? '');
    setLinkError(null);
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const url = linkUrl.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
    } else if (!/^(https?:\/\/|mailto:)\S+$/i.test(url)) {
      setLinkError(RICH_TEXT.linkInvalid);
      return;
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    }
    setLinkOpen(false);
  };

  const disabled = readOnly || !editor;
  const tool = (
    key: string,
    text: string,
    icon: React.ReactNode,
    run: (e: Editor) => void,
    pressed?: boolean,
    enabled = true,
  ) => (
    <Tooltip title={text} key={key}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={text}
        aria-pressed={pressed}
        disabled={disabled || !enabled}
        onMouseDown={(ev) => ev.preventDefault()}
        onClick={() => editor && run(editor)}
      />
    </Tooltip>
  );

  return (
    <div
      className="rich-text-editor"
      data-testid="rich-text-editor"
      style={{ borderColor: token.colorBorder, borderRadius: token.borderRadius, background: token.colorBgContainer }}
    >
      {!readOnly && (
        <div
          role="toolbar"
          aria-label={RICH_TEXT.toolbar}
          className="rich-text-editor__toolbar"
          style={{ borderColor: token.colorBorderSecondary }}
        >
          <Space size={2} wrap>
            {tool(
              'bold',
              RICH_TEXT.bold,
              <BoldOutlined />,
              (e) => e.chain().focus().toggleBold().run(),
              editor?.isActive('bold'),
            )}
            {tool(
              'italic',
              RICH_TEXT.italic,
              <ItalicOutlined />,
              (e) => e.chain().focus().toggleItalic().run(),
              editor?.isActive('italic'),
            )}
            {tool(
              'underline',
              RICH_TEXT.underline,
              <UnderlineOutlined />,
              (e) => e.chain().focus().toggleUnderline().run(),
              editor?.isActive('underline'),
            )}
            <Divider orientation="vertical" />
            {([1, 2, 3] as const).map((level) =>
              tool(
                `h${level}`,
                RICH_TEXT.heading(level),
                <span className="rich-text-editor__h">H{level}</span>,
                (e) => e.chain().focus().toggleHeading({ level }).run(),
                editor?.isActive('heading', { level }),
              ),
            )}
            <Divider orientation="vertical" />
            {tool(
              'ul',
              RICH_TEXT.bulletList,
              <UnorderedListOutlined />,
              (e) => e.chain().focus().toggleBulletList().run(),
              editor?.isActive('bulletList'),
            )}
            {tool(
              'ol',
              RICH_TEXT.orderedList,
              <OrderedListOutlined />,
              (e) => e.chain().focus().toggleOrderedList().run(),
              editor?.isActive('orderedList'),
            )}
            <Divider orientation="vertical" />
            {tool('link', RICH_TEXT.link, <LinkOutlined />, openLink, editor?.isActive('link'))}
            {tool('image', RICH_TEXT.image, <PictureOutlined />, () => setImageOpen(true))}
            <Divider orientation="vertical" />
            {tool(
              'undo',
              RICH_TEXT.undo,
              <UndoOutlined />,
              (e) => e.chain().focus().undo().run(),
              undefined,
              editor?.can().undo() ?? false,
            )}
            {tool(
              'redo',
              RICH_TEXT.redo,
              <RedoOutlined />,
              (e) => e.chain().focus().redo().run(),
              undefined,
              editor?.can().redo() ?? false,
            )}
          </Space>
        </div>
      )}
      <div className="rich-text-editor__area" style={{ height }}>
        <EditorContent editor={editor} />
      </div>
      <MarkdownImageDialog
        open={imageOpen}
        upload={upload}
        resolveUrl={resolveUrl}
        onInsertImage={({ src, alt, stored }) => {
          editor
            ?.chain()
            .focus()
            .setImage({ src: stored ? resolveUrl(src) : src, alt })
            .run();
          setImageOpen(false);
        }}
        onCancel={() => setImageOpen(false)}
      />
      <Modal
        title={RICH_TEXT.linkTitle}
        open={linkOpen}
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <ModalForm onSubmit={applyLink} layout="vertical">
          <Form.Item
            label={RICH_TEXT.linkUrl}
            validateStatus={linkError ? 'error' : undefined}
            help={linkError ?? '留空则去掉链接'}
            htmlFor="rich-text-link-url"
          >
            <Input
              id="rich-text-link-url"
              value={linkUrl}
              onChange={(e) => setLinkUrl(e.target.value)}
              placeholder="https://"
            />
          </Form.Item>
        </ModalForm>
      </Modal>
    </div>
  );
}
