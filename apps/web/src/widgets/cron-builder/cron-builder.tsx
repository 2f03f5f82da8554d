/**
 * Cron builder dialogs (spec §2.3), three variants that all emit seven space-separated Quartz fields:
 * - 'basic': width 608, tabs 秒 分钟 小时 日 月 年;
 * - 'text': width 800, the same tabs plus an editable text field per field (all seven, week included);
 * - 'week': width 800, tabs with 周 and the §4 coupling rules (a finer unit zeroed, day/week exclusive, …).
 * Opening with an expression parses it back into the controls (defaults otherwise); OK emits it and closes; the
 * preview shows the next ten run times or the validation message (OK disabled then). The rules live in
 * @houtai/shared/cron/builder; this file only wires them to antd.
 */
import { useMemo, useState } from 'react';
import { Button, Input, Modal, Tabs, Typography } from 'antd';
import {
  builderExpression,
  builderStateFrom,
  changeField,
  dayDisabled,
  defaultBuilderState,
  fieldFromText,
  fieldText,
  type CronBuilderState,
  type CronFieldState,
} from '@houtai/shared/cron/builder';
import { CRON_FIELDS, CRON_FIELD_LABELS, parseCron, type CronFieldName } from '@houtai/shared/cron/parse';
import { ModalForm } from '../../lib/modal-form.tsx';
import { CronFieldEditor } from './cron-field-editor.tsx';
import { CronPreview } from './cron-preview.tsx';
import './cron-builder.css';

export type CronBuilderVariant = 'basic' | 'text' | 'week';

export interface CronBuilderProps {
  open: boolean;
  variant?: CronBuilderVariant;
  /** An existing expression to start from; defaults apply without one. */
  value?: string | undefined;
  /** OK: the seven-field expression. The caller closes the dialog. */
  onOk: (expression: string) => void;
  onCancel: () => void;
  title?: string;
  /** Zone of the preview; default the browser's. */
  timeZone?: string;
}

const WIDTH: Record<CronBuilderVariant, number> = { basic: 608, text: 800, week: 800 };
const TABS: Record<CronBuilderVariant, CronFieldName[]> = {
  basic: ['second', 'minute', 'hour', 'day', 'month', 'year'],
  text: ['second', 'minute', 'hour', 'day', 'month', 'year'],
  week: ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'],
};

export function CronBuilder({
  open,
  variant = 'basic',
  value,
  onOk,
  onCancel,
  title = 'Cron表达式',
  timeZone,
}: CronBuilderProps) {
  return (
    <Modal open={open} title={title} width={WIDTH[variant]} onCancel={onCancel} destroyOnHidden footer={null}>
      {open && <CronBuilderBody variant={variant} value={value} onOk={onOk} onCancel={onCancel} timeZone={timeZone} />}
    </Modal>
  );
}

interface BodyProps {
  variant: CronBuilderVariant;
  value: string | undefined;
  onOk: (expression: string) => void;
  onCancel: () => void;
  timeZone: string | undefined;
}

/** Mounted while the dialog is open, so each opening starts from `value`. */
function CronBuilderBody({ variant, value, onOk, onCancel, timeZone }: BodyProps) {
  const [state, setState] = useState<CronBuilderState>(() =>
    value?.trim() ? builderStateFrom(value) : defaultBuilderState(),
  );
  const coupled = variant === 'week';
  const expression = builderExpression(state);
  const valid = useMemo(() => parseCron(expression).ok, [expression]);
  const change = (field: CronFieldName, next: CronFieldState) => setState((s) => changeField(s, field, next, coupled));
  const submit = () => {
    if (valid) onOk(expression);
  };
  const dayOff = coupled && dayDisabled(state);

  return (
    <ModalForm onSubmit={submit} className="cron-builder" data-testid={`cron-builder-${variant}`}>
      {variant === 'text' && (
        <div className="cron-builder__texts" role="group" aria-label="各字段的表达式">
          {CRON_FIELDS.map((f) => (
            <label key={f} className="cron-builder__text">
              <span>{CRON_FIELD_LABELS[f]}</span>
              <Input
                size="small"
                value={fieldText(f, state[f])}
                onChange={(e) => change(f, fieldFromText(f, e.target.value, state[f]))}
                data-testid={`cron-text-${f}`}
              />
            </label>
          ))}
        </div>
      )}
      <Tabs
        size="small"
        items={TABS[variant].map((f) => ({
          key: f,
          label: CRON_FIELD_LABELS[f],
          children: (
            <>
              {f === 'day' && dayOff && (
                <Typography.Paragraph type="secondary">已指定周，日为“不指定”（?），不可设置。</Typography.Paragraph>
              )}
              <CronFieldEditor
                field={f}
                value={state[f]}
                disabled={f === 'day' && dayOff}
                onChange={(next) => change(f, next)}
              />
            </>
          ),
        }))}
      />
      <div className="cron-builder__expression">
        <Typography.Text strong>表达式：</Typography.Text>
        <Typography.Text code data-testid="cron-expression">
          {expression}
        </Typography.Text>
      </div>
      <CronPreview expression={expression} {...(timeZone ? { timeZone } : {})} />
      <div className="cron-builder__footer">
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" disabled={!valid} onClick={submit} data-testid="cron-ok">
          确定
        </Button>
      </div>
    </ModalForm>
  );
}
