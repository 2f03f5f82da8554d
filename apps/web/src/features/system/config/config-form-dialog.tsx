/**
 * The editor of one setting, rendered from its fields (switch, text, textarea, number — never raw JSON) and checked
 * by the setting's shared schema (packages/shared/src/contract/sys-config.ts) before anything is sent. Enter in a
 * field saves, Escape closes.
 */
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import { configDef, SYS_CONFIG_TEXT, type ConfigField, type SysConfigRecord } from '@houtai/shared/contract/sys-config';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useEditConfig } from './api/sys-config.ts';

type Values = Record<string, unknown>;

export interface ConfigFormDialogProps {
  /** The setting edited; null: closed. */
  record: SysConfigRecord | null;
  onClose: () => void;
}

/** The field's control; its id comes from Form.Item (the label's htmlFor). */
function fieldInput(f: ConfigField) {
  switch (f.kind) {
    case 'switch':
      return <Switch checkedChildren="开" unCheckedChildren="关" />;
    case 'number':
      return <InputNumber min={f.min} max={f.maxValue} style={{ width: 200 }} />;
    case 'textarea':
      return <Input.TextArea rows={4} maxLength={f.max} showCount={f.max !== undefined} />;
    default:
      return <Input maxLength={f.max} />;
  }
}

export function ConfigFormDialog({ record, onClose }: ConfigFormDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const fields = record?.fields ?? [];

  useEffect(() => {
    if (record) form.setFieldsValue({ ...record.value });
  }, [record, form]);

  const save = useFormSubmit<Values, { code: string; value: Values }, string>({
    form,
    mutation: useEditConfig(),
    input: (values) => {
      if (!record) return null;
      const value: Values = {};
      for (const f of fields) value[f.name] = values[f.name] ?? (f.kind === 'switch' ? f.off : undefined);
      const def = configDef(record.code);
      if (def) {
        const checked = checkWithSchema(def.schema, value);
        if (!checked.ok) {
          const rest = showFieldErrors(
            form,
            checked.errors,
            fields.map((f) => f.name),
          );
          if (rest.length > 0) void message.warning(rest.join('；'));
          return null;
        }
        return { code: record.code, value: checked.value };
      }
      return { code: record.code, value };
    },
    onSuccess: (text) => {
      void message.success(text || SYS_CONFIG_TEXT.saved);
      onClose();
    },
  });

  return (
    <Modal
      title={record ? `编辑配置 - ${record.name}` : '编辑配置'}
      open={record !== null}
      onCancel={onClose}
      onOk={() => void save.submit()}
      okText="保存"
      confirmLoading={save.submitting}
      destroyOnHidden
      width={560}
      data-testid="config-form-dialog"
    >
      {record ? (
        <>
          <Typography.Paragraph type="secondary">{record.description}</Typography.Paragraph>
          <ModalForm<Values>
            form={form}
            name={`config-${record.code}`}
            layout="vertical"
            onSubmit={save.submit}
            submitting={save.submitting}
            initialValues={record.value}
          >
            {fields.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                extra={f.help}
                {...(f.kind === 'switch'
                  ? {
                      getValueProps: (v: unknown) => ({ checked: String(v) === f.on }),
                      normalize: (checked: boolean) => (checked ? f.on : f.off),
                    }
                  : {})}
              >
                {fieldInput(f)}
              </Form.Item>
            ))}
          </ModalForm>
        </>
      ) : null}
    </Modal>
  );
}
