import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderInShell } from '../../testing/render.tsx';
import { insertBlock, MarkdownEditor } from './markdown-editor.tsx';

afterEach(cleanup);

describe('insertBlock', () => {
  it('puts the piece on a line of its own at the caret', () => {
    expect(insertBlock('ab', 1, 'X')).toEqual({ text: 'a\nX\nb', caret: 4 });
    expect(insertBlock('', 0, 'X')).toEqual({ text: 'X\n', caret: 2 });
    expect(insertBlock('a\n', 2, 'X')).toEqual({ text: 'a\nX\n', caret: 4 });
    expect(insertBlock('a\nb', 2, 'X')).toEqual({ text: 'a\nX\nb', caret: 4 });
  });
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MarkdownEditor value={value} onChange={setValue} upload={vi.fn()} resolveUrl={(p) => `/s/${p}`} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('MarkdownEditor', () => {
  it('edits in a labelled text area at least 200 high', () => {
    renderInShell(<Harness />);
    const area = screen.getByRole('textbox', { name: 'Markdown 编辑器' });
    expect(area.style.minHeight).toBe('200px');
    fireEvent.change(area, { target: { value: '# 标题' } });
    expect(screen.getByTestId('value').textContent).toBe('# 标题');
  });

  it('previews the Markdown with the shared view', async () => {
    renderInShell(<Harness initial={'# 标题\n\n**粗体**'} />);
    fireEvent.click(screen.getByRole('tab', { name: '预览' }));
    const preview = await screen.findByTestId('markdown');
    expect(preview.textContent).toContain('标题');
  });

  it('an empty preview says 暂无内容', () => {
    renderInShell(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: '预览' }));
    expect(screen.getByText('暂无内容')).toBeTruthy();
  });

  it('inserts an image from the image dialog as Markdown', async () => {
    renderInShell(<Harness initial="正文" />);
    fireEvent.click(screen.getByRole('button', { name: /插入图片/ }));
    fireEvent.click(await screen.findByRole('tab', { name: '网络图片' }));
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: 'https://img.example.com/a.png' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toContain('![](https://img.example.com/a.png)'),
    );
  });

  it('read-only: no image button, the area does not change', () => {
    renderInShell(<MarkdownEditor value="x" readOnly upload={vi.fn()} resolveUrl={(p) => p} />);
    expect(screen.queryByRole('button', { name: /插入图片/ })).toBeNull();
    expect(screen.getByRole('textbox').hasAttribute('readonly')).toBe(true);
  });
});
