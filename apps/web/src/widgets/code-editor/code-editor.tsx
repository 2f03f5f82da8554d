/**
 * Code editor (spec widgets §2.6, §9) on CodeMirror 6: the basic setup (line numbers, history, search, bracket
 * matching…), tab size 2 with Tab indenting (Escape then Tab leaves the editor, CodeMirror's way out for keyboard
 * users), the language's highlighting loaded on demand, an optional language chooser, read-only mode. Heavy:
 * import it through code-editor-lazy.tsx so that it loads only where an editor is shown.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Select, Space, theme, Typography } from 'antd';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { accessibleShade, blend } from '@houtai/shared/contrast';
import { CODE_LANGUAGES, findLanguage } from './languages.ts';

export const CODE_EDITOR_TEXT = { label: '代码编辑器', language: '语言' } as const;

export interface CodeEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** A language id of CODE_LANGUAGES (default: none, plain text). */
  language?: string;
  /** Shows a language chooser above the editor; it reports the choice here. */
  onLanguageChange?: (language: string) => void;
  languageChooser?: boolean;
  readOnly?: boolean;
  /** Editor height in px (default 300). */
  height?: number;
  /** Accessible name of the editing area (default 代码编辑器). */
  'aria-label'?: string;
  id?: string;
}

export const TAB_SIZE = 2;

/** What highlighted text can stand on: the editor's white and its active line (#cceeff44 over white). */
export const CODE_BACKGROUNDS = ['#FFFFFF', blend('#CCEEFF', 0x44 / 255, '#FFFFFF')] as const;

/**
 * CodeMirror's default highlighting with every colour darkened where needed to AA contrast on CODE_BACKGROUNDS
 * (its string-special #e40, invalid #f00 and type #085 are below 4.5:1 — axe flags them).
 */
export const accessibleHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    typeof spec.color === 'string' && spec.color.startsWith('#')
      ? { ...spec, color: accessibleShade(spec.color, CODE_BACKGROUNDS) }
      : spec,
  ),
);

export function CodeEditor({
  value,
  onChange,
  language,
  onLanguageChange,
  languageChooser = false,
  readOnly = false,
  height = 300,
  'aria-label': label = CODE_EDITOR_TEXT.label,
  id,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  const labelSlot = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  const [chosen, setChosen] = useState(language);
  const current = onLanguageChange ? language : chosen;
  const chooserId = useId();
  const { token } = theme.useToken();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Create the view once; later props reach it through compartments and transactions.
  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value ?? '',
        extensions: [
          basicSetup,
          // Takes precedence over basicSetup's default highlighting, which is only a fallback.
          syntaxHighlighting(accessibleHighlightStyle),
          keymap.of([indentWithTab]),
          EditorState.tabSize.of(TAB_SIZE),
          indentUnit.of(' '.repeat(TAB_SIZE)),
          languageSlot.current.of([]),
          readOnlySlot.current.of(readOnlyExtensions(readOnly)),
          labelSlot.current.of(labelExtension(label, id)),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current?.(u.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: `${height}px` }, '.cm-scroller': { overflow: 'auto' } }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is made once; value, readOnly and label changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [height]);

  // A value from outside that differs from the document replaces it (not the user's own edits echoed back).
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const next = value ?? '';
    if (next !== v.state.doc.toString()) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: next } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlySlot.current.reconfigure(readOnlyExtensions(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: labelSlot.current.reconfigure(labelExtension(label, id)) });
  }, [label, id]);

  useEffect(() => {
    let cancelled = false;
    const lang = findLanguage(current);
    const apply = (ext: Extension) => {
      if (!cancelled) view.current?.dispatch({ effects: languageSlot.current.reconfigure(ext) });
    };
    if (!lang) apply([]);
    else void lang.load().then(apply, () => apply([]));
    return () => {
      cancelled = true;
    };
  }, [current]);

  const choose = (id: string) => {
    setChosen(id);
    onLanguageChange?.(id);
  };

  return (
    <div className="code-editor" data-testid="code-editor" data-language={current ?? ''}>
      {languageChooser && (
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text id={chooserId}>{CODE_EDITOR_TEXT.language}</Typography.Text>
          <Select
            aria-labelledby={chooserId}
            value={current}
            onChange={choose}
            style={{ width: 160 }}
            options={CODE_LANGUAGES.map((l) => ({ value: l.id, label: l.label }))}
            placeholder="纯文本"
            disabled={readOnly}
          />
        </Space>
      )}
      <div ref={host} style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }} />
    </div>
  );
}

function readOnlyExtensions(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function labelExtension(label: string, id: string | undefined): Extension {
  return EditorView.contentAttributes.of({ 'aria-label': label, ...(id ? { id } : {}) });
}
