/**
 * The file and image uploaders (spec widgets §2.4, §4, §5.4, §8, §9). Each chosen file is checked first (type and
 * size rules, '请上传图片' for the image uploader), images are compressed at quality 0.6, then sent through the
 * `upload` transport the caller passes (the common upload or direct upload). Items go uploading → done or error
 * (tooltips 上传中(percent%), 上传完成, 上传失败); removing one cancels its upload. The field value changes only
 * when every item is done: comma-joined paths, or {fileName, filePath, fileSize} records with `returnUrl` off.
 * Images show as cards with a preview (1000 wide); an image that fails opens 上传出错 with 错误信息.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Tooltip, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_LIMITS, UPLOAD_TEXT, type UploadBiz } from '@houtai/shared/upload';
import { useFeedback } from '../../lib/feedback.ts';
import { compressImage } from './compress-image.ts';
import {
  itemsFromValue,
  keepLast,
  refusalOf,
  statusText,
  valueFromItems,
  type UploadItem,
  type UploadKind,
  type UploadValue,
} from './upload-rules.ts';

/** Sends one file; answers its stored path. Rejects with the reason (an Error's message) or an AbortError. */
export type UploadTransport = (
  file: File,
  opts: { biz?: UploadBiz; onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<{ path: string; name?: string; size?: number }>;

export interface FileUploadProps {
  value?: UploadValue | null;
  onChange?: (value: UploadValue) => void;
  upload: UploadTransport;
  /** The URL to show or preview a stored path at. */
  resolveUrl?: (path: string) => string;
  /** Downloads a stored file (the file uploader's item links). */
  download?: (path: string, name: string) => Promise<void>;
  kind?: UploadKind;
  biz?: UploadBiz;
  /** With several files and this limit, only the last N are kept (default 999). */
  maxCount?: number;
  /** Comma-joined paths (default) or file records. */
  returnUrl?: boolean;
  accept?: string;
  disabled?: boolean;
  /** Compress images before sending (default on). */
  compress?: boolean;
  /** The button's text. */
  text?: string;
  id?: string;
  'aria-label'?: string;
}

function toAntd(item: UploadItem, resolveUrl?: (path: string) => string): UploadFile {
  const url = item.path && resolveUrl ? resolveUrl(item.path) : undefined;
  return {
    uid: item.uid,
    name: item.name,
    status: item.status,
    percent: item.percent,
    url,
    thumbUrl: url,
    error: item.status === 'error' ? new Error(item.message || UPLOAD_TEXT.unknownError) : undefined,
  };
}

export function FileUpload(props: FileUploadProps) {
  const { value, onChange, kind = 'file', biz, maxCount = UPLOAD_LIMITS.maxFiles, returnUrl = true } = props;
  const { message, modal } = useFeedback();
  const [items, setItems] = useState<UploadItem[]>(() => itemsFromValue(value));
  const [preview, setPreview] = useState<string | null>(null);
  const aborts = useRef(new Map<string, AbortController>());
  // The value this widget last emitted: a value from outside that differs resets the list.
  const emitted = useRef<UploadValue | null | undefined>(value);

  useEffect(() => {
    if (JSON.stringify(value ?? null) === JSON.stringify(emitted.current ?? null)) return;
    emitted.current = value;
    setItems(itemsFromValue(value));
  }, [value]);

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const commit = (next: UploadItem[]) => {
    const v = valueFromItems(next, returnUrl);
    if (v === undefined) return;
    if (JSON.stringify(v) === JSON.stringify(emitted.current ?? (returnUrl ? '' : []))) return;
    emitted.current = v;
    onChange?.(v);
  };

  const update = (uid: string, patch: Partial<UploadItem>) =>
    setItems((old) => {
      const next = old.map((i) => (i.uid === uid ? { ...i, ...patch } : i));
      if (patch.status === 'done' || patch.status === 'error') queueMicrotask(() => commit(next));
      return next;
    });

  const failed = (name: string, reason: string) => {
    if (kind === 'image') {
      modal.error({ title: UPLOAD_TEXT.errorTitle, content: `${UPLOAD_TEXT.errorLabel}${reason}` });
    } else {
      void message.error(UPLOAD_TEXT.failed(name));
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = refusalOf(file, kind, biz);
    if (refusal) {
      void message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file as File & { uid: string };
    const uid = file.uid;
    const controller = new AbortController();
    aborts.current.set(uid, controller);
    setItems((old) => {
      const next = keepLast([...old, { uid, name: file.name, status: 'uploading' as const, percent: 0 }], maxCount);
      // Items pushed out by the limit stop uploading.
      for (const gone of old.filter((o) => !next.some((n) => n.uid === o.uid))) aborts.current.get(gone.uid)?.abort();
      return next;
    });
    void (async () => {
      try {
        const body = kind === 'image' && props.compress !== false ? await compressImage(file) : file;
        const stored = await props.upload(body, {
          ...(biz ? { biz } : {}),
          signal: controller.signal,
          onProgress: (percent) => update(uid, { percent }),
        });
        if (controller.signal.aborted) return;
        update(uid, { status: 'done', percent: 100, path: stored.path, size: stored.size ?? file.size });
        void message.success(UPLOAD_TEXT.success);
      } catch (err) {
        if (controller.signal.aborted) return;
        const reason = err instanceof Error && err.message ? err.message : UPLOAD_TEXT.unknownError;
        update(uid, { status: 'error', message: reason });
        failed(file.name, reason);
      } finally {
        aborts.current.delete(uid);
      }
    })();
  };

  const onRemove = (f: UploadFile) => {
    aborts.current.get(f.uid)?.abort();
    aborts.current.delete(f.uid);
    setItems((old) => {
      const next = old.filter((i) => i.uid !== f.uid);
      queueMicrotask(() => commit(next));
      return next;
    });
    return true;
  };

  const onPreview = (f: UploadFile) => {
    const item = items.find((i) => i.uid === f.uid);
    if (!item?.path) return;
    if (kind === 'image') {
      setPreview(props.resolveUrl ? props.resolveUrl(item.path) : item.path);
      return;
    }
    props.download?.(item.path, item.name).catch(() => void message.error(UPLOAD_TEXT.downloadFailed));
  };

  const full = items.length >= maxCount && maxCount === 1;
  return (
    <>
      <Upload
        id={props.id}
        accept={props.accept ?? (kind === 'image' ? 'image/*' : undefined)}
        multiple={maxCount > 1}
        disabled={props.disabled}
        listType={kind === 'image' ? 'picture-card' : 'text'}
        fileList={items.map((i) => toAntd(i, props.resolveUrl))}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onPreview={onPreview}
        showUploadList={{ showPreviewIcon: kind === 'image', showDownloadIcon: false, showRemoveIcon: !props.disabled }}
        itemRender={(node, f) => {
          const item = items.find((i) => i.uid === f.uid);
          return item ? <Tooltip title={statusText(item)}>{node}</Tooltip> : node;
        }}
        aria-label={props['aria-label']}
      >
        {full || props.disabled ? null : kind === 'image' ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{props.text ?? UPLOAD_TEXT.upload}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{props.text ?? UPLOAD_TEXT.uploadFile}</Button>
        )}
      </Upload>
      {kind === 'image' ? (
        <Modal
          open={preview !== null}
          footer={null}
          width={UPLOAD_LIMITS.previewWidth}
          onCancel={() => setPreview(null)}
          title="预览"
          destroyOnHidden
        >
          {preview ? <img alt="预览" src={preview} style={{ width: '100%' }} /> : null}
        </Modal>
      ) : null}
    </>
  );
}
