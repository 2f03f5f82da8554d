/**
 * Shows Markdown, or HTML with format="html", as sanitised HTML (render-markdown.ts). Import it lazily (markdown-lazy.tsx): marked and
 * DOMPurify should load only when a message is opened.
 */
import { useMemo } from 'react';
import { renderMarkdown, type RenderMarkdownOptions } from './render-markdown.ts';
import './markdown.css';

export interface MarkdownProps extends RenderMarkdownOptions {
  text: string | null | undefined;
  className?: string;
}

export function Markdown({ text, format, payslip, resolveImageSrc, className }: MarkdownProps) {
  const html = useMemo(
    () => renderMarkdown(text, { format, payslip, resolveImageSrc }),
    [text, format, payslip, resolveImageSrc],
  );
  return (
    <div
      className={className ? `houtai-markdown ${className}` : 'houtai-markdown'}
      data-testid="markdown"
      // Sanitised by renderMarkdown: an allow-list of tags, attributes and URL schemes.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
