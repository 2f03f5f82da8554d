import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultHighlightStyle } from '@codemirror/language';
import { AA_NORMAL_TEXT, contrastRatio } from '@houtai/shared/contrast';
import { accessibleHighlightStyle, CODE_BACKGROUNDS, CodeEditor as EagerCodeEditor } from './code-editor.tsx';
import { CodeEditor } from './code-editor-lazy.tsx';
import { CODE_LANGUAGES } from './languages.ts';

afterEach(cleanup);

function viewOf(container: HTMLElement): EditorView {
  const el = container.querySelector<HTMLElement>('.cm-editor');
  const v = el && EditorView.findFromDOM(el);
  if (!v) throw new Error('no editor');
  return v;
}

describe('code editor languages', () => {
  it('are the twelve of the spec, in its order', () => {
    expect(CODE_LANGUAGES.map((l) => l.label)).toEqual([
      'CSS',
      'JavaScript',
      'HTML',
      'Java',
      'Objective-C',
      'Python',
      'R',
      'Shell',
      'SQL',
      'Swift',
      'Vue',
      'Markdown',
    ]);
  });
  it('each loads its support', async () => {
    for (const l of CODE_LANGUAGES) {
      const ext = await l.load();
      expect(() => EditorState.create({ doc: 'x', extensions: [ext] }), l.id).not.toThrow();
    }
  });
});

describe('highlighting', () => {
  it('every colour reaches AA contrast on the editor and its active line (default #e40 did not)', () => {
    const colours = accessibleHighlightStyle.specs
      .map((s): unknown => s.color)
      .filter((c): c is string => typeof c === 'string');
    expect(colours.length).toBe(defaultHighlightStyle.specs.filter((s) => typeof s.color === 'string').length);
    for (const c of colours)
      for (const bg of CODE_BACKGROUNDS)
        expect(contrastRatio(c, bg), `${c} on ${bg}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(defaultHighlightStyle.specs.some((s) => s.color === '#e40')).toBe(true);
  });
});

describe('CodeEditor', () => {
  it('highlights with the accessible style, not the default', async () => {
    const { container } = render(<EagerCodeEditor value={'const s = `a${b}`; // c'} language="javascript" />);
    await waitFor(() => expect(container.querySelector('.cm-line span')).toBeTruthy());
    const ours = accessibleHighlightStyle.module?.getRules() ?? '';
    const theirs = defaultHighlightStyle.module?.getRules() ?? '';
    const classes = [...container.querySelectorAll('.cm-line span')].flatMap((el) => [...el.classList]);
    expect(classes.length).toBeGreaterThan(0);
    for (const c of classes) {
      expect(ours, c).toContain(`.${c}`);
      expect(theirs, c).not.toContain(`.${c} `);
    }
  });

  it('loads lazily and shows the value in a labelled editing area', async () => {
    const { container } = render(<CodeEditor value="select 1" aria-label="SQL 语句" />);
    const area = await screen.findByRole('textbox', { name: 'SQL 语句' });
    expect(area.textContent).toContain('select 1');
    expect(viewOf(container).state.tabSize).toBe(2);
  });

  it('reports edits through onChange', async () => {
    const onChange = vi.fn();
    const { container } = render(<EagerCodeEditor value="" onChange={onChange} />);
    await screen.findByRole('textbox', { name: '代码编辑器' });
    viewOf(container).dispatch({ changes: { from: 0, insert: 'let a = 1;' } });
    expect(onChange).toHaveBeenLastCalledWith('let a = 1;');
  });

  it('takes a new value from outside', async () => {
    const { container, rerender } = render(<EagerCodeEditor value="a" />);
    rerender(<EagerCodeEditor value="b" />);
    await waitFor(() => expect(viewOf(container).state.doc.toString()).toBe('b'));
  });

  it('is read-only when asked', async () => {
    const { container } = render(<EagerCodeEditor value="x" readOnly />);
    const v = viewOf(container);
    expect(v.state.readOnly).toBe(true);
    expect((await screen.findByRole('textbox')).getAttribute('contenteditable')).toBe('false');
  });

  it('has a labelled language chooser that reports the choice', async () => {
    const onLanguageChange = vi.fn();
    render(<EagerCodeEditor value="" language="sql" languageChooser onLanguageChange={onLanguageChange} />);
    const chooser = screen.getByRole('combobox', { name: '语言' });
    fireEvent.mouseDown(chooser);
    fireEvent.click(await screen.findByTitle('Python'));
    expect(onLanguageChange).toHaveBeenCalledWith('python');
  });

  it('keeps its own choice without onLanguageChange', async () => {
    render(<EagerCodeEditor value="" language="sql" languageChooser />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '语言' }));
    fireEvent.click(await screen.findByTitle('Swift'));
    expect(screen.getByTestId('code-editor').dataset.language).toBe('swift');
  });
});
