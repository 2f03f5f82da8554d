/** One variant of a widget in a gallery section: a caption, the widget, and optionally what it emitted. */
import type { ReactNode } from 'react';
import { Typography } from 'antd';

export interface VariantProps {
  label: string;
  /** What the widget emitted last (its value), shown under it so a reviewer sees the wire form. */
  value?: unknown;
  /** Test id of the value line (default: none). */
  valueTestId?: string;
  children: ReactNode;
}

function show(value: unknown): string {
  if (value === undefined) return '（无）';
  if (typeof value === 'string') return value === '' ? '（空）' : value;
  return JSON.stringify(value);
}

export function Variant({ label, value, valueTestId, children }: VariantProps) {
  return (
    <div className="gallery-variant">
      <span className="gallery-variant__label">{label}</span>
      {children}
      {valueTestId !== undefined && (
        <Typography.Text type="secondary" data-testid={valueTestId}>
          值：{show(value)}
        </Typography.Text>
      )}
    </div>
  );
}
