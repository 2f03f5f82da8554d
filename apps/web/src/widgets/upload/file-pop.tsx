/**
 * The file/image pop-up (spec widgets §2.4, §3 file pop-up result, §5.4): a 520-wide dialog, 200 high, titled
 * 图片上传 or 文件上传, with one uploader; OK with no file says '未上传任何文件' and stays open, otherwise it answers
 * {name, url, path, status: 'done', id} for each file.
 */
import { useState } from 'react';
import { Modal } from 'antd';
import { UPLOAD_LIMITS, UPLOAD_TEXT, type UploadBiz } from '@houtai/shared/upload';
import { useFeedback } from '../../lib/feedback.ts';
import { FileUpload, type UploadTransport } from './file-upload.tsx';
import { itemsFromValue, type UploadKind } from './upload-rules.ts';

export interface FilePopResult {
  name: string;
  url: string;
  path: string;
  status: 'done';
  id: string;
}

export interface FilePopProps {
  open: boolean;
  kind?: UploadKind;
  biz?: UploadBiz;
  maxCount?: number;
  upload: UploadTransport;
  resolveUrl: (path: string) => string;
  onOk: (files: FilePopResult[]) => void;
  onCancel: () => void;
}

export function FilePop({ open, kind = 'file', biz, maxCount = 1, upload, resolveUrl, onOk, onCancel }: FilePopProps) {
  const { message } = useFeedback();
  const [value, setValue] = useState('');
  const ok = () => {
    const items = itemsFromValue(value);
    if (items.length === 0) {
      void message.warning(UPLOAD_TEXT.noFile);
      return;
    }
    onOk(
      items.map((i) => ({
        name: i.name,
        url: resolveUrl(i.path!),
        path: i.path!,
        status: 'done' as const,
        id: i.path!,
      })),
    );
    setValue('');
  };
  return (
    <Modal
      title={kind === 'image' ? UPLOAD_TEXT.imagePopTitle : UPLOAD_TEXT.filePopTitle}
      open={open}
      width={UPLOAD_LIMITS.popWidth}
      onOk={ok}
      onCancel={() => {
        setValue('');
        onCancel();
      }}
      destroyOnHidden
      styles={{ body: { height: UPLOAD_LIMITS.popHeight, overflowY: 'auto' } }}
    >
      <FileUpload
        kind={kind}
        {...(biz ? { biz } : {})}
        maxCount={maxCount}
        value={value}
        onChange={(v) => setValue(typeof v === 'string' ? v : v.map((r) => r.filePath).join(','))}
        upload={upload}
        resolveUrl={resolveUrl}
      />
    </Modal>
  );
}
