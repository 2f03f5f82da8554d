/**
 * 编辑 a business source's voucher template: 模板名称, 状态 and its lines (方向 借/贷, 科目 — an active leaf subject,
 * 金额取值 价税合计/不含税金额/税额, 摘要), lines added and removed, the balance checked live with the server's rule.
 * Saving sends the version the dialog was opened with; a refusal is a warning and the dialog stays open.
 */
import { useEffect } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TEMPLATE_LIMITS,
  TEMPLATE_TEXT,
  type TemplateSourceRecord,
  type TemplateSubjectOption,
} from '@houtai/shared/contract/accounting-template';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useSaveTemplate } from './api/save-template.ts';
import {
  balanceView,
  checkTemplate,
  KIND_OPTIONS,
  SIDE_OPTIONS,
  TEMPLATE_STATUS_OPTIONS,
  valuesOf,
  type TemplateValues,
} from './template-form.ts';

export interface TemplateFormDialogProps {
  /** The source being edited; null: closed. */
  source: TemplateSourceRecord | null;
  subjects: readonly TemplateSubjectOption[];
  subjectsLoading: boolean;
  onClose: () => void;
}

const required = (message: string) => [{ required: true, message }];

export function TemplateFormDialog({ source, subjects, subjectsLoading, onClose }: TemplateFormDialogProps) {
  const [form] = Form.useForm<TemplateValues>();
  const { message } = useFeedback();
  const save = useSaveTemplate();
  const lines = Form.useWatch('lines', form);
  const balance = balanceView(lines);
  const subjectOptions = subjects.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }));

  useEffect(() => {
    if (!source) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(source));
  }, [source, form]);

  const submit = useFormSubmit({
    form,
    input: (values: TemplateValues) => {
      if (!source) return null;
      const checked = checkTemplate(values, source);
      if (checked.ok) return checked.body;
      void message.warning(checked.messages.join('；'));
      return null;
    },
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || TEMPLATE_TEXT.saved);
      onClose();
    },
  });

  const title = source ? `凭证模板 · ${[...source.parentNames, source.sourceName].join(' / ')}` : '凭证模板';
  return (
    <Modal
      title={title}
      open={source !== null}
      width={760}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="template-form-dialog"
    >
      <ModalForm form={form} onSubmit={submit.submit} submitting={submit.submitting} name="template" layout="vertical">
        <Flex gap={16} wrap>
          <Form.Item
            label="模板名称"
            name="name"
            required
            rules={required(TEMPLATE_TEXT.nameRequired)}
            style={{ flex: '1 1 240px' }}
          >
            <Input placeholder={TEMPLATE_TEXT.nameRequired} maxLength={TEMPLATE_LIMITS.nameMax} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Radio.Group options={TEMPLATE_STATUS_OPTIONS} />
          </Form.Item>
        </Flex>
        <Typography.Text strong>分录</Typography.Text>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid="template-lines">
              {fields.map((field, index) => {
                const n = index + 1;
                return (
                  <Flex
                    key={field.key}
                    gap={8}
                    wrap
                    align="start"
                    role="group"
                    aria-label={`第 ${n} 行分录`}
                    data-testid="template-line"
                    style={{ borderBottom: '1px dashed rgba(5,5,5,0.12)', paddingBottom: 8 }}
                  >
                    <Form.Item
                      name={[field.name, 'side']}
                      rules={required(TEMPLATE_TEXT.sideRequired)}
                      style={{ marginBottom: 0, width: 76 }}
                    >
                      <Select aria-label={`第 ${n} 行 方向`} options={SIDE_OPTIONS} placeholder="方向" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'subjectCode']}
                      rules={required(TEMPLATE_TEXT.subjectRequired)}
                      style={{ marginBottom: 0, flex: '1 1 200px', minWidth: 0 }}
                    >
                      <Select
                        aria-label={`第 ${n} 行 科目`}
                        options={subjectOptions}
                        loading={subjectsLoading}
                        placeholder={TEMPLATE_TEXT.subjectRequired}
                        showSearch={{ optionFilterProp: 'label' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'amountKind']}
                      rules={required(TEMPLATE_TEXT.kindRequired)}
                      style={{ marginBottom: 0, width: 124 }}
                    >
                      <Select aria-label={`第 ${n} 行 金额取值`} options={KIND_OPTIONS} placeholder="金额取值" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'summary']}
                      style={{ marginBottom: 0, flex: '1 1 140px', minWidth: 0 }}
                    >
                      <Input
                        aria-label={`第 ${n} 行 摘要`}
                        placeholder="摘要（默认业务数据的摘要）"
                        maxLength={TEMPLATE_LIMITS.summaryMax}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第 ${n} 行分录`}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= TEMPLATE_LIMITS.linesMax}
                onClick={() => add({ side: 'D', amountKind: 'gross' })}
              >
                添加分录
              </Button>
            </Flex>
          )}
        </Form.List>
        <Alert
          style={{ marginTop: 12 }}
          type={balance.ok ? 'success' : 'error'}
          showIcon
          title={balance.title}
          description={balance.detail}
          role="status"
          aria-live="polite"
          data-testid="template-balance"
        />
      </ModalForm>
    </Modal>
  );
}
