/**
 * CronInput: a form control for a cron expression — the text itself (typed or pasted) and a button opening a
 * cron builder on it; OK in the builder replaces the text. The validation message shows under an invalid text.
 * Works inside antd Form.Item (value / onChange).
 */
import { useId, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { validateCron } from '@houtai/shared/cron/parse';
import { CronBuilder, type CronBuilderVariant } from './cron-builder.tsx';

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  variant?: CronBuilderVariant;
  /** Accessible name of the text (default 'Cron表达式'). */
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

export function CronInput({
  value = '',
  onChange,
  variant = 'basic',
  'aria-label': ariaLabel = 'Cron表达式',
  placeholder = '例如 0 0 12 * * ?',
  disabled,
  id,
}: CronInputProps) {
  const [open, setOpen] = useState(false);
  const messageId = useId();
  const message = value.trim() ? validateCron(value) : null;
  return (
    <div className="cron-input">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-label={ariaLabel}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          status={message ? 'error' : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      {message && (
        <Typography.Text type="danger" id={messageId}>
          {message}
        </Typography.Text>
      )}
      <CronBuilder
        open={open}
        variant={variant}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(expr) => {
          onChange?.(expr);
          setOpen(false);
        }}
      />
    </div>
  );
}
