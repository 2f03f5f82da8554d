/**
 * The Markdown editor's image dialog (spec widgets §2.4): tabs 本地上传 (one image, uploaded to the editor's
 * folder) and 网络图片 (an http(s) address), each with an optional remark; OK answers the Markdown `![remark](src)`
 * to insert. The uploaded image's src is its stored path (the viewer resolves it against the static domain).
 * Editors that do not write Markdown (the rich-text editor) take the image itself through `onInsertImage`.
 */
import { useState } from 'react';
import { Form, Input, Modal, Tabs } from 'antd';
import { UPLOAD_TEXT } from '@houtai/shared/upload';
import { useFeedback } from '../../lib/feedback.ts';
import { FileUpload, type UploadTransport } from '../upload/file-upload.tsx';
import { ModalForm } from '../../lib/modal-form.tsx';

export const IMAGE_DIALOG_TEXT = {
  title: '插入图片',
  local: '本地上传',
  remote: '网络图片',
  remark: '图片描述',
  remarkPlaceholder: '选填，图片无法显示时显示的文字',
  url: '图片地址',
  urlPlaceholder: 'https://',
  urlInvalid: '请输入以http和https开头的网址',
} as const;

/** `![remark](src)` with the remark's brackets and line breaks taken out, and spaces in the src escaped. */
export function imageMarkdown(src: string, remark = ''): string {
  const alt = remark.replace(/[[\]\r\n]/g, ' ').trim();
  return `![${alt}](${src.trim().replace(/ /g, '%20').replace(/\)/g, '%29')})`;
}

export interface MarkdownImageDialogProps {
  open: boolean;
  upload: UploadTransport;
  resolveUrl: (path: string) => string;
  /** The Markdown to insert. */
  onInsert?: (markdown: string) => void;
  /** The image itself: `src` is the stored path (`stored`) or the http(s) address; `alt` the remark. */
  onInsertImage?: (image: { src: string; alt: string; stored: boolean }) => void;
  onCancel: () => void;
}

export function MarkdownImageDialog({
  open,
  upload,
  resolveUrl,
  onInsert,
  onInsertImage,
  onCancel,
}: MarkdownImageDialogProps) {
  const { message } = useFeedback();
  const [tab, setTab] = useState<'local' | 'remote'>('local');
  const [path, setPath] = useState('');
  const [url, setUrl] = useState('');
  const [remark, setRemark] = useState('');

  const reset = () => {
    setPath('');
    setUrl('');
    setRemark('');
    setTab('local');
  };

  const ok = () => {
    if (tab === 'local') {
      if (!path) {
        void message.warning(UPLOAD_TEXT.noFile);
        return;
      }
      onInsert?.(imageMarkdown(path, remark));
      onInsertImage?.({ src: path, alt: remark.trim(), stored: true });
    } else {
      if (!/^https?:\/\/\S+$/i.test(url.trim())) {
        void message.warning(IMAGE_DIALOG_TEXT.urlInvalid);
        return;
      }
      onInsert?.(imageMarkdown(url, remark));
      onInsertImage?.({ src: url.trim(), alt: remark.trim(), stored: false });
    }
    reset();
  };

  const remarkField = (
    <Form.Item label={IMAGE_DIALOG_TEXT.remark} style={{ marginBottom: 0 }}>
      <Input
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        maxLength={100}
        placeholder={IMAGE_DIALOG_TEXT.remarkPlaceholder}
        aria-label={IMAGE_DIALOG_TEXT.remark}
      />
    </Form.Item>
  );

  return (
    <Modal
      title={IMAGE_DIALOG_TEXT.title}
      open={open}
      onOk={ok}
      onCancel={() => {
        reset();
        onCancel();
      }}
      destroyOnHidden
    >
      <ModalForm onSubmit={ok} layout="vertical">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'local' | 'remote')}
          items={[
            {
              key: 'local',
              label: IMAGE_DIALOG_TEXT.local,
              children: (
                <>
                  <Form.Item label={UPLOAD_TEXT.uploadImage}>
                    <FileUpload
                      kind="image"
                      biz="jeditor"
                      maxCount={1}
                      value={path}
                      onChange={(v) => setPath(typeof v === 'string' ? v : (v[0]?.filePath ?? ''))}
                      upload={upload}
                      resolveUrl={resolveUrl}
                    />
                  </Form.Item>
                  {remarkField}
                </>
              ),
            },
            {
              key: 'remote',
              label: IMAGE_DIALOG_TEXT.remote,
              children: (
                <>
                  <Form.Item label={IMAGE_DIALOG_TEXT.url}>
                    <Input
                      value={url}
                      onChange={(e) => setUrl(e.target.value)}
                      placeholder={IMAGE_DIALOG_TEXT.urlPlaceholder}
                      aria-label={IMAGE_DIALOG_TEXT.url}
                    />
                  </Form.Item>
                  {remarkField}
                </>
              ),
            },
          ]}
        />
      </ModalForm>
    </Modal>
  );
}
