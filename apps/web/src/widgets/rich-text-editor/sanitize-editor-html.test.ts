/**
 * The editor's sanitiser under happy-dom: DOMPurify cannot be driven here (see render-markdown.test.ts), so what is
 * proven is that the output is always inside the allow-list — sanitised, or the text alone. The sanitising itself
 * is proven in Chromium by e2e/tests/widgets-editors.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../markdown/render-markdown.ts';
import { sanitizeEditorHtml } from './sanitize-editor-html.ts';

const HOSTILE = [
  '<p onclick="x()" class="c" style="color:red">a<script>alert(1)</script></p>',
  '<p><a href="javascript:alert(1)">j</a></p>',
  '<img src="data:image/png;base64,AAAA"><img src="x.png" onerror="alert(1)">',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">l</a></p>',
  '<svg><g onload="x()"></g></svg><math><mi>x</mi></math>',
  '<form action="https://evil.example"><input name="p"></form>',
];

describe('sanitizeEditorHtml', () => {
  it.each(HOSTILE)('emits only allow-listed HTML for %s', (html) => {
    const out = sanitizeEditorHtml(html);
    expect(unsafeReason(out)).toBeNull();
    expect(out).not.toMatch(/script|onclick|onerror|onload|style=|class=|javascript:|data:|target=|rel=|<svg|<form/i);
  });
  it('keeps the text when it has to fall back', () => {
    expect(sanitizeEditorHtml('<p>重要<script>x</script>通知</p>')).toMatch(/重要.*通知/);
  });
  it('an empty document is empty', () => {
    expect(sanitizeEditorHtml('')).toBe('');
  });
});
