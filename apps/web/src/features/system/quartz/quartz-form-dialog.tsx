/**
 * 新建 / 编辑 a 定时任务: the kind (only the server's registered kinds), its parameter (JSON text the kind
 * describes, pre-filled with the kind's example), the cron expression with the cron builder and the server's
 * next fire times, what to do with missed fires, the description and the status. The shared schema
 * (QuartzAddBody / QuartzEditBody) checks the form before anything is sent; the server checks it again.
 */
import { useEffect, useRef } from 'react';
import { Button, Form, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import {
  QUARTZ_LIMITS,
  QUARTZ_MISFIRE_TEXT,
  QUARTZ_TEXT,
  QUARTZ_TIME_ZONE,
  QuartzAddBody,
  QuartzEditBody,
  type QuartzJobRecord,
  type QuartzKindRecord,
  type QuartzMisfirePolicy,
} from '@houtai/shared/contract/quartz';
import { validateCron } from '@houtai/shared/cron/parse';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { CronInput } from '../../../widgets/cron-builder/cron-input.tsx';
import { useAddQuartzJob } from './api/add-quartz-job.ts';
import { useEditQuartzJob } from './api/edit-quartz-job.ts';
import { useQuartzKinds } from './api/list-quartz-kinds.ts';
import { useCronPreview } from './api/preview-cron.ts';
import { compactJson, MISFIRE_OPTIONS, prettyJson, STATUS_OPTIONS } from './labels.ts';

export interface QuartzFormValues {
  jobClassName?: string;
  cronExpression?: string;
  parameter?: string;
  misfirePolicy?: QuartzMisfirePolicy;
  description?: string;
  status: number;
}

const FIELDS = ['jobClassName', 'cronExpression', 'parameter', 'misfirePolicy', 'description', 'status'] as const;

function toValues(r: QuartzJobRecord | null): QuartzFormValues {
  if (!r) return { status: 0, parameter: '' };
  return {
    jobClassName: r.jobClassName,
    cronExpression: r.cronExpression,
    parameter: prettyJson(r.parameter),
    misfirePolicy: r.misfirePolicy,
    description: r.description ?? undefined,
    status: r.status,
  };
}

/** The form's values as the wire body (the parameter without the form's indentation). */
export function toBody(v: QuartzFormValues): Record<string, unknown> {
  return {
    jobClassName: v.jobClassName,
    cronExpression: v.cronExpression,
    parameter: compactJson(v.parameter),
    misfirePolicy: v.misfirePolicy,
    description: v.description,
    status: v.status,
  };
}

/** Two JSON texts saying the same (so a parameter still holding the previous kind's example can be replaced). */
function sameJson(a: string, b: string): boolean {
  return compactJson(a) === compactJson(b);
}

export interface QuartzFormDialogProps {
  open: boolean;
  /** The job to edit (as queryById answered it); null for a new one. */
  record: QuartzJobRecord | null;
  onClose: () => void;
}

export function QuartzFormDialog({ open, record, onClose }: QuartzFormDialogProps) {
  const [form] = Form.useForm<QuartzFormValues>();
  const { message } = useFeedback();
  const add = useAddQuartzJob();
  const edit = useEditQuartzJob();
  const kinds = useQuartzKinds();
  const kindKey = Form.useWatch('jobClassName', form);
  const cron = Form.useWatch('cronExpression', form);
  const kind = kinds.data?.find((k) => k.key === kindKey);
  // The kind the parameter was last filled for.
  const filledFor = useRef<QuartzKindRecord | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toValues(record));
    filledFor.current = undefined;
  }, [open, record, form]);

  /** A new kind: its example replaces a parameter that is blank or still the previous kind's example. */
  const onKindChange = (key: string | undefined) => {
    const next = kinds.data?.find((k) => k.key === key);
    const current = (form.getFieldValue('parameter') as string | undefined) ?? '';
    const previous = filledFor.current;
    if (next && (!current.trim() || (previous && sameJson(current, previous.parameterExample)))) {
      form.setFieldsValue({ parameter: prettyJson(next.parameterExample) });
      filledFor.current = next;
    }
  };

  const fillExample = () => {
    if (!kind) return;
    form.setFields([{ name: 'parameter', value: prettyJson(kind.parameterExample), errors: [] }]);
    filledFor.current = kind;
  };

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: QuartzFormValues): QuartzAddBody | QuartzEditBody | null => {
    const body = toBody(values);
    const checked = record
      ? checkWithSchema(QuartzEditBody, { ...body, id: record.id, version: record.version })
      : checkWithSchema(QuartzAddBody, body);
    if (checked.ok) return checked.value;
    // The cron input shows the engine's message under the text itself: the field does not repeat it.
    const byField = new Map(checked.errors.byField);
    const shown = values.cronExpression?.trim() ? validateCron(values.cronExpression) : null;
    const cronMessages = byField.get('cronExpression')?.filter((m) => m !== shown);
    if (cronMessages) byField.set('cronExpression', cronMessages);
    const rest = showFieldErrors(form, { byField }, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit<QuartzFormValues, QuartzAddBody | QuartzEditBody, string>({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (body) => ('id' in body ? edit.mutateAsync(body) : add.mutateAsync(body)),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text || (record ? QUARTZ_TEXT.edited : QUARTZ_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑定时任务' : '新建定时任务'}
      width={720}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="quartz-form-dialog"
    >
      {kinds.error ? (
        <LoadErrorAlert title="任务类型加载失败" error={kinds.error} onRetry={() => void kinds.refetch()} />
      ) : null}
      <ModalForm<QuartzFormValues>
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="quartz"
        layout="vertical"
        autoComplete="off"
        // The fields have no rules of their own: a changed value drops the schema's message the last save left.
        onValuesChange={(changed: Partial<QuartzFormValues>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof QuartzFormValues, errors: [] })))
        }
      >
        <Form.Item label="任务类型" name="jobClassName" required extra={kind?.description}>
          <Select
            placeholder={QUARTZ_TEXT.kindRequired}
            loading={kinds.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(kinds.data ?? []).map((k) => ({ value: k.key, label: k.title }))}
            notFoundContent={kinds.isPending ? <Spin size="small" /> : '暂无任务类型'}
            onChange={onKindChange}
            data-testid="quartz-kind"
          />
        </Form.Item>
        <Form.Item label="Cron表达式" name="cronExpression" required>
          <CronInput placeholder="例如 0 0/30 * * * ?" />
        </Form.Item>
        <CronPreviewBox expression={cron} />
        <Form.Item
          label="参数（JSON）"
          name="parameter"
          extra={
            kind ? (
              <span>
                示例：<code>{kind.parameterExample}</code>{' '}
                <Button type="link" size="small" onClick={fillExample} style={{ paddingInline: 4 }}>
                  填入示例
                </Button>
              </span>
            ) : (
              '请先选择任务类型，参数按类型说明填写'
            )
          }
        >
          <Input.TextArea
            rows={4}
            maxLength={QUARTZ_LIMITS.parameterMax}
            placeholder='{"days": 7}'
            style={{ fontFamily: 'monospace' }}
            data-testid="quartz-parameter"
          />
        </Form.Item>
        <div style={{ display: 'flex', columnGap: 24, flexWrap: 'wrap' }}>
          <Form.Item label="状态" name="status" extra="正常：保存后按计划执行；停止：保存后不执行">
            <Radio.Group options={STATUS_OPTIONS} />
          </Form.Item>
          <Form.Item label="错过执行时" name="misfirePolicy" style={{ minWidth: 220 }}>
            <Select
              allowClear
              placeholder={kind ? `按任务类型（${QUARTZ_MISFIRE_TEXT[kind.misfirePolicy]}）` : '按任务类型'}
              options={MISFIRE_OPTIONS}
            />
          </Form.Item>
        </div>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={2} maxLength={QUARTZ_LIMITS.descriptionMax} showCount placeholder="选填" />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}

/** The next fire times of the expression as the server will fire them (its zone), once typing pauses. */
function CronPreviewBox({ expression }: { expression: string | undefined }) {
  const { valid, query } = useCronPreview(expression);
  let body;
  if (!valid) {
    body = (
      <Typography.Text type="secondary">
        {expression?.trim() ? '表达式正确后显示最近的执行时间' : '填写 Cron 表达式后显示最近的执行时间'}
      </Typography.Text>
    );
  } else if (query.error) {
    body = <LoadErrorAlert title="执行时间预览失败" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = (
      <Typography.Text type="secondary">
        <LoadingOutlined /> 正在计算执行时间…
      </Typography.Text>
    );
  } else if (query.data.times.length === 0) {
    body = <Typography.Text type="danger">{QUARTZ_TEXT.cronNeverFires}</Typography.Text>;
  } else {
    body = (
      <>
        <Typography.Text type="secondary">
          {query.data.description}（{QUARTZ_TIME_ZONE}）最近 {query.data.times.length} 次：
        </Typography.Text>
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
          {query.data.times.map((t) => (
            <li key={t} data-testid="quartz-preview-time">
              {t}
            </li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <section
      aria-label="最近执行时间"
      aria-live="polite"
      style={{ marginTop: -8, marginBottom: 16 }}
      data-testid="quartz-preview"
    >
      {body}
    </section>
  );
}
