/**
 * A file in a grid cell (spec widgets §2.2 cell types file/upload, §2.4, §4): no file shows the upload button;
 * then uploading (上传中(percent%)), done or error. The name is shown cut at 5 characters (whole in the tooltip);
 * download and remove are allowed unless turned off (allowDownload, allowRemove); removing clears the value.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { UPLOAD_TEXT, type UploadBiz } from '@houtai/shared/upload';
import { useFeedback } from '../../lib/feedback.ts';
import type { UploadTransport } from './file-upload.tsx';
import { cellName, nameOfPath, refusalOf, statusText, type UploadItem } from './upload-rules.ts';

export interface CellFileUploadProps {
  /** The stored path, or empty. */
  value?: string | null;
  onChange?: (value: string) => void;
  upload: UploadTransport;
  download?: (path: string, name: string) => Promise<void>;
  biz?: UploadBiz;
  allowDownload?: boolean;
  allowRemove?: boolean;
  disabled?: boolean;
}

type CellState = { status: 'empty' } | UploadItem;

export function CellFileUpload(props: CellFileUploadProps) {
  const { value, onChange, allowDownload = true, allowRemove = true, disabled } = props;
  const { message } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<CellState>(() =>
    value ? { uid: value, name: nameOfPath(value), status: 'done', path: value } : { status: 'empty' },
  );

  // A value set from outside (the form reset, another row's data) replaces what the cell shows, unless an upload
  // or its error is on screen: adjusted while rendering, as React advises for state that follows a prop.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    const keep = ('path' in state && state.path === value) || state.status === 'uploading' || state.status === 'error';
    if (!keep) {
      setState(value ? { uid: value, name: nameOfPath(value), status: 'done', path: value } : { status: 'empty' });
    }
  }

  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    const refusal = refusalOf(file, 'file', props.biz);
    if (refusal) {
      void message.warning(refusal);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ uid: file.name, name: file.name, status: 'uploading', percent: 0 });
    try {
      const stored = await props.upload(file, {
        ...(props.biz ? { biz: props.biz } : {}),
        signal: controller.signal,
        onProgress: (percent) => setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      });
      if (controller.signal.aborted) return;
      setState({ uid: stored.path, name: file.name, status: 'done', path: stored.path });
      onChange?.(stored.path);
    } catch (err) {
      if (controller.signal.aborted) return;
      const reason = err instanceof Error && err.message ? err.message : UPLOAD_TEXT.unknownError;
      setState({ uid: file.name, name: file.name, status: 'error', message: reason });
      void message.error(UPLOAD_TEXT.failed(file.name));
    }
  };

  const remove = () => {
    abort.current?.abort();
    setState({ status: 'empty' });
    onChange?.('');
  };

  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      aria-label={UPLOAD_TEXT.uploadFile}
      data-testid="cell-file-input"
      onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) void send(f);
      }}
    />
  );

  if (state.status === 'empty') {
    return (
      <>
        {picker}
        <Button size="small" icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
          {UPLOAD_TEXT.upload}
        </Button>
      </>
    );
  }
  const icon =
    state.status === 'uploading' ? (
      <LoadingOutlined />
    ) : (
      <PaperClipOutlined style={state.status === 'error' ? { color: '#ff4d4f' } : undefined} />
    );
  return (
    <Space size={4} data-testid="cell-file" data-status={state.status}>
      {picker}
      <Tooltip title={state.status === 'done' ? state.name : statusText(state)}>
        <Typography.Text type={state.status === 'error' ? 'danger' : undefined}>
          {icon} {cellName(state.name)}
        </Typography.Text>
      </Tooltip>
      {state.status === 'done' && allowDownload && props.download ? (
        <Button
          type="text"
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`下载 ${state.name}`}
          onClick={() => {
            props.download!(state.path!, state.name).catch(() => void message.error(UPLOAD_TEXT.downloadFailed));
          }}
        />
      ) : null}
      {state.status === 'error' && !disabled ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => input.current?.click()}>
          {UPLOAD_TEXT.upload}
        </Button>
      ) : null}
      {allowRemove && !disabled ? (
        <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`删除 ${state.name}`} onClick={remove} />
      ) : null}
    </Space>
  );
}
