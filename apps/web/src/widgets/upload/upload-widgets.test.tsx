import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell, signInAs } from '../../testing/render.tsx';
import { CellFileUpload } from './cell-file-upload.tsx';
import { FilePop } from './file-pop.tsx';
import { FileUpload, type UploadTransport } from './file-upload.tsx';

const PATH = 'temp/20261125/00000000-0000-0000-0000-00000000000a.pdf';

function deferred() {
  let resolve!: (v: { path: string }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ path: string }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function pick(input: HTMLElement, ...files: File[]) {
  fireEvent.change(input, { target: { files } });
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  cleanup();
});

describe('FileUpload', () => {
  it('sends a chosen file, shows it uploading, and emits the stored path once done', async () => {
    const d = deferred();
    const progress: ((p: number) => void)[] = [];
    const upload = vi.fn<UploadTransport>((_f, opts) => {
      progress.push(opts.onProgress);
      return d.promise;
    });
    const onChange = vi.fn();
    renderInShell(<FileUpload upload={upload} onChange={onChange} biz="temp" />);
    pick(fileInput(), new File(['%PDF'], '合同.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![1].biz).toBe('temp');
    act(() => progress[0]!(40));
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => {
      d.resolve({ path: PATH });
      await d.promise;
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(PATH));
    expect(await screen.findByText('上传成功')).toBeTruthy();
  });

  it('refuses a file the rules refuse before sending anything', async () => {
    const upload = vi.fn<UploadTransport>();
    renderInShell(<FileUpload upload={upload} />);
    pick(fileInput(), new File(['<%%>'], 'x.png.jsp'));
    expect(await screen.findByText('禁止上传.jsp文件')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('the image uploader says 请上传图片 for other files, and opens 上传出错 when an upload fails', async () => {
    const upload = vi.fn<UploadTransport>(() => Promise.reject(new Error('文件内容与类型不符')));
    renderInShell(<FileUpload kind="image" upload={upload} compress={false} />);
    pick(fileInput(), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    pick(fileInput(), new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-error')).toHaveLength(1), {
      timeout: 5000,
    });
    const box = document.querySelector('.ant-modal-confirm-error')!;
    expect(box.querySelector('.ant-modal-confirm-title')?.textContent).toBe('上传出错');
    expect(box.textContent).toContain('错误信息：文件内容与类型不符');
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('removing an item cancels its upload; the value then follows the files that are left', async () => {
    const signals = new Map<string, AbortSignal>();
    const upload = vi.fn<UploadTransport>((f, opts) => {
      signals.set(f.name, opts.signal);
      return f.name === 'b.txt' ? new Promise(() => undefined) : Promise.resolve({ path: `${PATH}.c` });
    });
    const onChange = vi.fn();
    renderInShell(<FileUpload upload={upload} value={PATH} onChange={onChange} />);
    pick(fileInput(), new File(['x'], 'b.txt', { type: 'text/plain' }));
    await waitFor(() => expect(signals.has('b.txt')).toBe(true));
    const item = (await screen.findByText('b.txt')).closest('.ant-upload-list-item') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(signals.get('b.txt')?.aborted).toBe(true));
    expect(onChange).not.toHaveBeenCalled();
    // Were b.txt still uploading, no value would be emitted when c.txt is done.
    pick(fileInput(), new File(['y'], 'c.txt', { type: 'text/plain' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(`${PATH},${PATH}.c`));
  });
});

describe('FilePop', () => {
  it('is titled 文件上传 / 图片上传, 520 wide, and OK with no file says 未上传任何文件 and stays open', async () => {
    const onOk = vi.fn();
    const { rerender } = renderInShell(
      <FilePop open upload={vi.fn()} resolveUrl={(p) => `/files/${p}`} onOk={onOk} onCancel={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '文件上传' });
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('520px');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('未上传任何文件')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '文件上传' })).toBeTruthy();
    rerender(<></>);
  });

  it('answers {name, url, path, status: done, id} for an uploaded file', async () => {
    const onOk = vi.fn();
    renderInShell(
      <FilePop
        open
        kind="image"
        upload={() => Promise.resolve({ path: PATH })}
        resolveUrl={(p) => `/files/${p}`}
        onOk={onOk}
        onCancel={() => undefined}
      />,
    );
    await screen.findByRole('dialog', { name: '图片上传' });
    pick(fileInput(), new File(['png'], 'a.png', { type: 'image/png' }));
    await screen.findByText('上传成功');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(onOk).toHaveBeenCalledWith([
        {
          name: '00000000-0000-0000-0000-00000000000a.pdf',
          url: `/files/${PATH}`,
          path: PATH,
          status: 'done',
          id: PATH,
        },
      ]),
    );
  });
});

describe('CellFileUpload', () => {
  it('shows the upload button when empty, the name cut at 5 characters when done, and clears on delete', async () => {
    const onChange = vi.fn();
    const upload = vi.fn<UploadTransport>(() => Promise.resolve({ path: PATH }));
    const download = vi.fn(() => Promise.resolve());
    renderInShell(<CellFileUpload upload={upload} onChange={onChange} download={download} />);
    expect(screen.getByRole('button', { name: /上\s*传/ })).toBeTruthy();
    pick(screen.getByTestId('cell-file-input'), new File(['%PDF'], '项目合同扫描件.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(PATH));
    expect(screen.getByTestId('cell-file').getAttribute('data-status')).toBe('done');
    expect(screen.getByText(/项目合同扫…/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载 项目合同扫描件.pdf' }));
    expect(download).toHaveBeenCalledWith(PATH, '项目合同扫描件.pdf');
    fireEvent.click(screen.getByRole('button', { name: '删除 项目合同扫描件.pdf' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: /上\s*传/ })).toBeTruthy();
  });

  it('allowDownload and allowRemove off hide those actions; a failure shows the error state', async () => {
    const upload = vi.fn<UploadTransport>(() => Promise.reject(new Error('网络超时')));
    renderInShell(
      <CellFileUpload upload={upload} value={PATH} allowDownload={false} allowRemove={false} download={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: /^下载/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^删除/ })).toBeNull();
    cleanup();
    renderInShell(<CellFileUpload upload={upload} />);
    pick(screen.getByTestId('cell-file-input'), new File(['x'], 'a.txt'));
    await waitFor(() => expect(screen.getByTestId('cell-file').getAttribute('data-status')).toBe('error'));
    expect(await screen.findByText('a.txt 上传失败.')).toBeTruthy();
  });
});
