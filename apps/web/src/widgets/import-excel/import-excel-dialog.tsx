/**
 * The import dialog 导入 (spec widgets §2.4, §4, §5.4, §8): choose Excel files (several, each under 21 MB), 开始上传
 * sends them — 上传中 while any is on its way, with the close button disabled — and each file ends 完成 or 失败 with
 * a 重试 link. In task mode (the default of the lists) each file is uploaded and then registered as an import task
 * ('{message}已加入到任务中心列表'); a retry of an uploaded file registers it again without uploading. In direct
 * mode the file is posted to the list's import url; a code-201 answer opens a dialog with the error file.
 * Business-agnostic: the caller passes the upload, registration and import calls.
 */
import { useRef, useState } from 'react';
import type { ImportAnswer, ImportTaskBody } from '@houtai/shared/contract/async-task';
import { Alert, Button, Flex, Modal, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useFeedback } from '../../lib/feedback.ts';
import { fileSizeText } from '../../lib/file-size.ts';
import {
  addFiles,
  dialogState,
  IMPORT_ACCEPT,
  IMPORT_DIALOG_WIDTH,
  IMPORT_TEXT,
  patchFile,
  pendingFiles,
  removeFile,
  retryStep,
  type ImportFileItem,
} from './import-model.ts';

export type { ImportAnswer, ImportTaskBody };

export interface ImportExcelDialogProps {
  open: boolean;
  onClose: () => void;
  /** The list's import url (…/importExcel): the task's url, or where direct mode posts the file. */
  importUrl: string;
  title?: string;
  accept?: string;
  multiple?: boolean;
  /** Task mode: upload each file, then register it as an import task of this business type. */
  task?: { businessType: string; module?: string; method?: string };
  /** Stores a file (task mode); answers its stored path. */
  upload?: (file: File, opts: { onProgress: (percent: number) => void; signal: AbortSignal }) => Promise<string>;
  /** POST /task/asyncTask/add (task mode). */
  registerTask?: (body: ImportTaskBody) => Promise<ImportAnswer>;
  /** Direct mode: posts one file to the import url. */
  importNow?: (file: File) => Promise<ImportAnswer>;
  /** Downloads the per-row error file a code-201 answer names. */
  downloadDetail?: (path: string) => Promise<void>;
  /** Called after each file that went through (to refresh the list). */
  onImported?: () => void;
  /**
   * How the import treats rows that already exist (by the list's business key), shown above the files: an import
   * never duplicates silently, and the user reads which rule applies before choosing a file.
   */
  rule?: string;
}

const STATUS_COLOR: Record<ImportFileItem['status'], string> = {
  wait: 'default',
  uploading: 'processing',
  done: 'success',
  filed: 'error',
};

export function ImportExcelDialog(props: ImportExcelDialogProps) {
  const { open, onClose, importUrl, title = IMPORT_TEXT.title, accept = IMPORT_ACCEPT, multiple = true } = props;
  const { message, modal } = useFeedback();
  const [items, setItems] = useState<ImportFileItem[]>([]);
  const files = useRef(new Map<string, File>());
  const aborts = useRef(new Map<string, AbortController>());
  const input = useRef<HTMLInputElement>(null);
  const state = dialogState(items);
  const busy = state === 'uploading';
  const uid = useRef(0);

  const patch = (id: string, p: Partial<Omit<ImportFileItem, 'uid'>>) => setItems((old) => patchFile(old, id, p));

  const choose = (list: FileList | null) => {
    if (!list) return;
    const chosen = [...list].map((file) => {
      uid.current += 1;
      const id = `import-${uid.current}`;
      files.current.set(id, file);
      return { uid: id, name: file.name, size: file.size };
    });
    setItems((old) => {
      const { items: next, refused } = addFiles(multiple ? old : [], chosen, accept);
      for (const text of refused) void message.warning(text);
      return next;
    });
  };

  const showDetail = (text: string, path: string) => {
    modal.confirm({
      title: IMPORT_TEXT.detailTitle,
      content: text,
      okText: IMPORT_TEXT.detailLink,
      cancelText: IMPORT_TEXT.close,
      onOk: () => props.downloadDetail?.(path),
    });
  };

  /** Registers an uploaded file as an import task. */
  const register = async (item: ImportFileItem, path: string) => {
    if (!props.registerTask || !props.task) return;
    try {
      const res = await props.registerTask({
        businessType: props.task.businessType,
        name: item.name,
        importUrl: path,
        url: importUrl,
        module: props.task.module,
        method: props.task.method,
      });
      if (res.success) {
        patch(item.uid, { status: 'done', message: undefined });
        void message.success(IMPORT_TEXT.taskAdded(res.message || item.name));
        props.onImported?.();
      } else {
        patch(item.uid, { status: 'filed', message: res.message || IMPORT_TEXT.addTaskFailed });
        void message.warning(IMPORT_TEXT.addTaskFailed);
      }
    } catch {
      patch(item.uid, { status: 'filed', message: IMPORT_TEXT.addTaskFailed });
      void message.warning(IMPORT_TEXT.addTaskFailed);
    }
  };

  const send = async (item: ImportFileItem, step: 'upload' | 'register') => {
    const file = files.current.get(item.uid);
    if (!file) return;
    patch(item.uid, { status: 'uploading', percent: 0, message: undefined });
    // Direct mode: one request does it all.
    if (!props.task) {
      try {
        const res = await props.importNow!(file);
        if (!res.success) {
          patch(item.uid, { status: 'filed', message: res.message });
          void message.error(IMPORT_TEXT.importFailed(item.name, res.message));
          return;
        }
        patch(item.uid, { status: 'done' });
        if (res.code === 201 && typeof res.result === 'string' && res.result) showDetail(res.message, res.result);
        else void message.success(res.message || IMPORT_TEXT.status.done);
        props.onImported?.();
      } catch (err) {
        const text = err instanceof Error && err.message ? err.message : IMPORT_TEXT.uploadFailed(item.name);
        patch(item.uid, { status: 'filed', message: text });
      }
      return;
    }
    let path = item.url;
    if (step === 'upload' || !path) {
      const controller = new AbortController();
      aborts.current.set(item.uid, controller);
      try {
        path = await props.upload!(file, {
          onProgress: (percent) => patch(item.uid, { percent }),
          signal: controller.signal,
        });
        patch(item.uid, { url: path, percent: 100 });
      } catch (err) {
        const text = err instanceof Error && err.message ? err.message : IMPORT_TEXT.uploadFailed(item.name);
        patch(item.uid, { status: 'filed', message: text });
        void message.error(IMPORT_TEXT.uploadFailed(item.name));
        return;
      } finally {
        aborts.current.delete(item.uid);
      }
    }
    await register({ ...item, url: path }, path);
  };

  const start = () => {
    if (!importUrl) {
      void message.warning(IMPORT_TEXT.urlRequired);
      return;
    }
    const pending = pendingFiles(items);
    if (pending.length === 0) {
      void message.warning(IMPORT_TEXT.empty);
      return;
    }
    void Promise.all(pending.map((item) => send(item, 'upload')));
  };

  const retry = (item: ImportFileItem) => {
    if (!importUrl) {
      void message.warning(IMPORT_TEXT.urlRequired);
      return;
    }
    void send(item, props.task ? retryStep(item) : 'upload');
  };

  const remove = (item: ImportFileItem) => {
    files.current.delete(item.uid);
    setItems((old) => removeFile(old, item.uid));
  };

  const close = () => {
    if (busy) return;
    for (const c of aborts.current.values()) c.abort();
    setItems([]);
    files.current.clear();
    onClose();
  };

  return (
    <Modal
      title={title}
      open={open}
      width={IMPORT_DIALOG_WIDTH}
      onCancel={close}
      closable={!busy}
      mask={{ closable: false }}
      keyboard={!busy}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} disabled={busy} data-testid="import-close">
            {IMPORT_TEXT.close}
          </Button>
          <Button
            type="primary"
            onClick={start}
            loading={busy}
            disabled={!busy && pendingFiles(items).length === 0}
            data-testid="import-start"
          >
            {busy ? IMPORT_TEXT.uploading : IMPORT_TEXT.start}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12} data-testid="import-dialog">
        <Alert type="info" showIcon title={IMPORT_TEXT.notice} />
        {props.rule ? (
          <Alert
            type="warning"
            showIcon
            title={IMPORT_TEXT.ruleTitle}
            description={props.rule}
            data-testid="import-rule"
          />
        ) : null}
        <div>
          <input
            ref={input}
            type="file"
            accept={accept}
            multiple={multiple}
            hidden
            aria-label={IMPORT_TEXT.choose}
            data-testid="import-input"
            onChange={(e) => {
              choose(e.target.files);
              e.target.value = '';
            }}
          />
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={busy}>
            {IMPORT_TEXT.choose}
          </Button>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
            {accept.split(',').join('、')}，单个文件小于 21MB
          </Typography.Text>
        </div>
        {items.length === 0 ? (
          <Typography.Text type="secondary">{IMPORT_TEXT.empty}</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="导入文件">
            {items.map((item) => (
              <li
                key={item.uid}
                data-testid="import-file"
                data-status={item.status}
                style={{ padding: '6px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}
              >
                <Flex align="center" gap={8}>
                  <FileExcelOutlined style={{ color: '#52c41a' }} />
                  <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={item.name}>
                    {item.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {fileSizeText(item.size)}
                  </Typography.Text>
                  <Tooltip title={item.status === 'filed' ? item.message : undefined}>
                    <Tag color={STATUS_COLOR[item.status]} style={{ marginInlineEnd: 0 }}>
                      {IMPORT_TEXT.status[item.status]}
                    </Tag>
                  </Tooltip>
                  {item.status === 'filed' ? (
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => retry(item)}>
                      {IMPORT_TEXT.retry}
                    </Button>
                  ) : null}
                  {item.status === 'wait' || item.status === 'filed' ? (
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={`${IMPORT_TEXT.remove} ${item.name}`}
                      onClick={() => remove(item)}
                    />
                  ) : null}
                </Flex>
                {item.status === 'uploading' && props.task && item.percent !== undefined ? (
                  <Progress percent={Math.round(item.percent)} size="small" />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Modal>
  );
}
