import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell, signInAs } from '../../testing/render.tsx';
import { imageMarkdown, MarkdownImageDialog } from './markdown-image-dialog.tsx';

const PATH = 'jeditor/20261125/00000000-0000-0000-0000-00000000000a.png';

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  cleanup();
});

describe('imageMarkdown', () => {
  it('writes ![remark](src) with a remark that cannot break out of its brackets', () => {
    expect(imageMarkdown(PATH, '示意图')).toBe(`![示意图](${PATH})`);
    expect(imageMarkdown('https://a.example/x y).png', 'a]\n(b')).toBe('![a  (b](https://a.example/x%20y%29.png)');
    expect(imageMarkdown(PATH)).toBe(`![](${PATH})`);
  });
});

describe('MarkdownImageDialog', () => {
  it('inserts an uploaded image (本地上传) with its remark, uploaded to the editor folder', async () => {
    const onInsert = vi.fn();
    const upload = vi.fn((_file: File, _opts: { biz?: string }) => Promise.resolve({ path: PATH }));
    renderInShell(
      <MarkdownImageDialog open upload={upload} resolveUrl={(p) => `/s/${p}`} onInsert={onInsert} onCancel={vi.fn()} />,
    );
    await screen.findByRole('dialog', { name: '插入图片' });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('未上传任何文件')).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await screen.findByText('上传成功');
    expect(upload.mock.calls[0]![1]).toMatchObject({ biz: 'jeditor' });
    fireEvent.change(screen.getByPlaceholderText('选填，图片无法显示时显示的文字'), { target: { value: '流程图' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith(`![流程图](${PATH})`));
  });

  it('inserts a network image (网络图片) only with an http(s) address', async () => {
    const onInsert = vi.fn();
    renderInShell(
      <MarkdownImageDialog open upload={vi.fn()} resolveUrl={(p) => p} onInsert={onInsert} onCancel={vi.fn()} />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '网络图片' }));
    const url = screen.getByLabelText('图片地址');
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请输入以http和https开头的网址')).toBeTruthy();
    expect(onInsert).not.toHaveBeenCalled();
    fireEvent.change(url, { target: { value: 'https://img.example.com/a.png' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith('![](https://img.example.com/a.png)'));
  });

  it('gives the image itself to an editor that is not Markdown (onInsertImage)', async () => {
    const onInsertImage = vi.fn();
    renderInShell(
      <MarkdownImageDialog
        open
        upload={vi.fn()}
        resolveUrl={(p) => p}
        onInsertImage={onInsertImage}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '网络图片' }));
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: ' https://img.example.com/b.png ' } });
    fireEvent.change(screen.getAllByLabelText('图片描述').at(-1)!, { target: { value: '示意图' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(onInsertImage).toHaveBeenCalledWith({
        src: 'https://img.example.com/b.png',
        alt: '示意图',
        stored: false,
      }),
    );
  });
});
