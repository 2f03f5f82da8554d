/**
 * The sanitiser's rules and its fail-closed check. happy-dom cannot drive DOMPurify (its Node getters and node
 * iterator differ from browsers'), so here the check is what keeps the output inert; the rendering itself is
 * proven in Chromium by e2e/tests/notices.spec.ts with the same hostile corpus.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_MARKDOWN } from './hostile-markdown.fixture.ts';
import { isAllowedUrl, plainTextHtml, renderMarkdown, renderMarkdownChecked, unsafeReason } from './render-markdown.ts';

const URL_ATTRS = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'cite', 'srcset', 'data']);

function parse(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Independent of the module's own check: no script, handler, foreign element, style or bad URL. */
function expectInert(html: string) {
  const root = parse(html);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.localName;
    expect([
      'script',
      'style',
      'iframe',
      'object',
      'embed',
      'form',
      'input',
      'button',
      'base',
      'meta',
      'link',
    ]).not.toContain(tag);
    expect(el.namespaceURI, `foreign element <${tag}>`).toBe('http://www.w3.org/1999/xhtml');
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.toLowerCase().startsWith('on'), `${attr.name} on <${tag}>`).toBe(false);
      expect(['style', 'class', 'id', 'srcdoc']).not.toContain(attr.name);
      if (URL_ATTRS.has(attr.name.toLowerCase())) {
        // eslint-disable-next-line no-control-regex -- the characters a browser skips inside a URL
        const compact = attr.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        expect(compact).not.toMatch(/^(javascript|vbscript|data):/);
      }
    }
  }
  // Markup text may stay as text (escaped); no element of these kinds may appear.
  expect(html.toLowerCase()).not.toMatch(/<(script|svg|math|iframe|object|embed|style)\b/);
}

describe('renderMarkdown keeps hostile Markdown inert', () => {
  for (const [name, text] of Object.entries(HOSTILE_MARKDOWN)) {
    it(name, () => {
      expectInert(renderMarkdown(text));
      expectInert(renderMarkdown(text, { payslip: true }));
    });
  }

  it('all at once', () => {
    expectInert(renderMarkdown(Object.values(HOSTILE_MARKDOWN).join('\n\n')));
  });
});

describe("renderMarkdown with format 'html' (announcement content, HTML from the server)", () => {
  for (const [name, text] of Object.entries(HOSTILE_MARKDOWN)) {
    it(`keeps it inert: ${name}`, () => {
      expectInert(renderMarkdown(text, { format: 'html' }));
    });
  }

  it('keeps hostile HTML inert: handlers, javascript: links, data: images, scripts, frames', () => {
    const html =
      '<p onclick="x()" style="color:red">a<a href="javascript:alert(1)">b</a><img src="data:image/png;base64,AA" onerror="x()">' +
      '<script>alert(1)</script><iframe srcdoc="<b>x</b>"></iframe><svg><a href="javascript:1">c</a></svg></p>';
    expectInert(renderMarkdown(html, { format: 'html' }));
  });

  it('renders HTML as HTML and leaves Markdown syntax in it as text', () => {
    const source = '<p><strong>放假</strong> **通知**</p>';
    const rendered = renderMarkdownChecked(source, { format: 'html' });
    if (rendered.plain) {
      // happy-dom could not drive the sanitiser: the escaped source is shown (fail closed); Chromium renders it.
      expect(rendered.html).toBe(plainTextHtml(source));
      return;
    }
    const root = parse(rendered.html);
    expect(root.querySelector('strong')?.textContent).toBe('放假');
    expect(root.textContent).toBe('放假 **通知**');
  });
});

describe('isAllowedUrl', () => {
  it('allows http(s), mailto and relative URLs', () => {
    for (const url of [
      'https://a.example/x',
      'HTTP://a.example',
      'mailto:x@y.z',
      '/path',
      '//cdn.example/a.png',
      './a',
      '../a',
      '#top',
      '?q=1',
      'web/a.png',
      'a.png?v=1:2',
    ]) {
      expect(isAllowedUrl(url), url).toBe(true);
    }
  });

  it('refuses every other scheme, also behind whitespace and control characters', () => {
    for (const url of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'java\u200bscript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'ftp://x',
      'tel:123',
    ]) {
      expect(isAllowedUrl(url), JSON.stringify(url)).toBe(false);
    }
  });
});

describe('unsafeReason (the check after sanitising)', () => {
  it('accepts what the sanitiser promises', () => {
    expect(
      unsafeReason(
        '<h1>t</h1><p><strong>b</strong> <a href="https://x.example" target="_blank" rel="noopener noreferrer">l</a></p>' +
          '<img src="/a.png" alt="a" loading="lazy"><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
      ),
    ).toBeNull();
    expect(unsafeReason('<img src="/a.png" style="width: 8%">', { payslip: true })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(unsafeReason('<script>1</script>')).toBe('<script>');
    expect(unsafeReason('<p onclick="x">a</p>')).toBe('onclick on <p>');
    expect(unsafeReason('<a href="javascript:alert(1)">a</a>')).toBe('href="javascript:alert(1)" on <a>');
    expect(unsafeReason('<img src="data:image/png;base64,AA">')).toBe('src="data:image/png;base64,AA" on <img>');
    expect(unsafeReason('<p class="ant-modal-mask">a</p>')).toBe('class on <p>');
    expect(unsafeReason('<p style="position:fixed">a</p>')).toBe('style on <p>');
    expect(unsafeReason('<img src="/a.png" style="width: 8%">')).toBe('style on <img>');
    expect(unsafeReason('<a href="/x" target="_top">a</a>')).toBe('target="_top"');
    expect(unsafeReason('<input autofocus>')).toBe('<input>');
  });
});

describe('plain-text fallback', () => {
  it('escapes the text and keeps its line breaks', () => {
    expect(plainTextHtml('<b>x</b> & "y"\nz')).toBe('<p>&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;<br>z</p>');
  });

  it('is what a render returns when its HTML fails the check', () => {
    const rendered = renderMarkdownChecked('<script>alert(1)</script>');
    if (rendered.plain) expect(rendered.html).toBe(plainTextHtml('<script>alert(1)</script>'));
    expectInert(rendered.html);
  });

  it('renders nothing for empty content', () => {
    expect(renderMarkdown('')).toBe('');
    expect(renderMarkdown(null)).toBe('');
    expect(renderMarkdown(undefined)).toBe('');
  });
});
