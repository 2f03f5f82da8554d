import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderInShell } from '../../testing/render.tsx';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor.tsx';
import { RichTextEditor as LazyRichTextEditor } from './rich-text-editor-lazy.tsx';
import { sanitizeEditorHtml } from './sanitize-editor-html.ts';

// happy-dom cannot drive DOMPurify (sanitize-editor-html.test.ts); here the sanitiser passes the editor's HTML
// through and the tests check that every emitted value went through it. Chromium runs the real one (e2e).
vi.mock('./sanitize-editor-html.ts', () => ({ sanitizeEditorHtml: vi.fn((html: string) => `${html}<!--clean-->`) }));

afterEach(cleanup);

const resolveUrl = (p: string) => `/api/sys/common/static/${p}`;

function Harness(props: Partial<RichTextEditorProps> & { initial?: string; spy?: (html: string) => void }) {
  const { initial = '', spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        upload={vi.fn()}
        resolveUrl={resolveUrl}
        {...rest}
        value={rest.value ?? value}
        onChange={(html) => {
          spy?.(html);
          setValue(html);
        }}
      />
      <output data-testid="html">{value}</output>
    </>
  );
}

function area(): HTMLElement {
  return screen.getByRole('textbox', { name: '富文本编辑器' });
}

/** Selects the whole document in the ProseMirror view (no real selection API in happy-dom). */
function selectAll() {
  const el = area() as HTMLElement & { editor?: { commands: { selectAll: () => boolean } } };
  act(() => {
    el.editor?.commands.selectAll();
  });
}

describe('RichTextEditor', () => {
  it('loads lazily with a labelled editing area 300 high and a labelled toolbar', async () => {
    renderInShell(<LazyRichTextEditor value="<p>你好</p>" upload={vi.fn()} resolveUrl={resolveUrl} />);
    const box = await screen.findByRole('textbox', { name: '富文本编辑器' });
    expect(box.textContent).toBe('你好');
    expect(box.closest<HTMLElement>('.rich-text-editor__area')?.style.height).toBe('300px');
    const bar = screen.getByRole('toolbar', { name: '格式工具栏' });
    for (const name of ['加粗', '斜体', '1级标题', '无序列表', '有序列表', '链接', '插入图片', '撤销', '重做']) {
      expect(bar.querySelector(`[aria-label="${name}"]`), name).toBeTruthy();
    }
  });

  it('bold on the selection emits sanitised HTML with <strong>', async () => {
    const spy = vi.fn();
    renderInShell(<Harness initial="<p>重要通知</p>" spy={spy} />);
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith('<p><strong>重要通知</strong></p><!--clean-->'));
    expect(sanitizeEditorHtml).toHaveBeenLastCalledWith('<p><strong>重要通知</strong></p>');
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('its schema already drops scripts, handlers and javascript: links that came in with the value', async () => {
    const spy = vi.fn();
    renderInShell(
      <Harness
        initial={
          '<p onclick="alert(1)">a<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"></p><script>alert(1)</script>'
        }
        spy={spy}
      />,
    );
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: '斜体' }));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const html = String(vi.mocked(sanitizeEditorHtml).mock.lastCall?.[0]);
    expect(html).toContain('<em>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('inserts an image by address through the image dialog', async () => {
    const spy = vi.fn();
    renderInShell(<Harness initial="<p>图</p>" spy={spy} />);
    fireEvent.click(screen.getByRole('button', { name: '插入图片' }));
    fireEvent.click(await screen.findByRole('tab', { name: '网络图片' }));
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: 'https://img.example.com/a.png' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(spy.mock.lastCall?.[0]).toContain('<img src="https://img.example.com/a.png"'));
  });

  it('uploads a local image with biz jeditor and inserts its URL', async () => {
    const upload = vi.fn().mockResolvedValue({ path: 'jeditor/a_1.png' });
    const spy = vi.fn();
    renderInShell(<Harness initial="<p>图</p>" spy={spy} upload={upload} />);
    fireEvent.click(screen.getByRole('button', { name: '插入图片' }));
    await screen.findByRole('tab', { name: '本地上传' });
    const input = document.body.querySelector<HTMLInputElement>('.ant-modal input[type=file]');
    expect(input).toBeTruthy();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    fireEvent.change(input!, { target: { files: [file] } });
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(upload.mock.calls[0]?.[1]).toMatchObject({ biz: 'jeditor' });
    await waitFor(() =>
      expect(document.body.querySelector('.ant-upload-list-item-done, .ant-upload-list-item')).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(spy.mock.lastCall?.[0]).toContain('src="/api/sys/common/static/jeditor/a_1.png"'));
  });

  it('refuses a link that is not http(s) or mailto', async () => {
    renderInShell(<Harness initial="<p>链接</p>" />);
    selectAll();
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const input = await screen.findByLabelText('链接地址');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请输入以http和https开头的网址')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('href="https://example.com"'));
  });

  it('reloads its content from the value when its tab becomes active again', async () => {
    function Tabs() {
      const [active, setActive] = useState(true);
      return (
        <>
          <RichTextEditor value="<p>旧内容</p>" active={active} upload={vi.fn()} resolveUrl={resolveUrl} />
          <button onClick={() => setActive((a) => !a)}>切换</button>
        </>
      );
    }
    renderInShell(<Tabs />);
    expect(area().textContent).toBe('旧内容');
    const el = area() as HTMLElement & { editor?: { commands: { setContent: (s: string) => boolean } } };
    act(() => {
      el.editor?.commands.setContent('<p>未保存的改动</p>');
    });
    fireEvent.click(screen.getByText('切换'));
    expect(area().textContent).toBe('未保存的改动');
    fireEvent.click(screen.getByText('切换'));
    await waitFor(() => expect(area().textContent).toBe('旧内容'));
  });

  it('read-only: no toolbar and not editable', () => {
    renderInShell(<RichTextEditor value="<p>只读</p>" readOnly upload={vi.fn()} resolveUrl={resolveUrl} />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(area().getAttribute('contenteditable')).toBe('false');
  });
});
