/**
 * 新建 / 编辑 an 编码校验规则: name, code, description and the rule editor — rows of 位数 (digits: * for the whole
 * value, N for the next N characters), 规则 (a regular expression the checked text must match whole) and 提示
 * (the message when it does not), added, removed and reordered. The 测试 box runs the shared evaluator
 * (@houtai/shared/check-rule, the one the server's checkByCode runs) over the rows as they are now: 通过, or the
 * failing row's message. The shared schema (CheckRuleAddBody / CheckRuleEditBody) checks the form before
 * anything is sent — patterns that do not compile or nest repeats included; the server checks it again.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHECK_RULE_LIMITS,
  CHECK_RULE_TEXT,
  evaluateCheckRule,
  normaliseSegment,
  type CheckSegment,
} from '@houtai/shared/check-rule';
import {
  CHECK_RULE_ADMIN_LIMITS,
  CHECK_RULE_ADMIN_TEXT,
  CheckRuleAddBody,
  CheckRuleEditBody,
  ruleSegmentsProblem,
  type CheckRuleRecord,
} from '@houtai/shared/contract/check-rule';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useSaveCheckRule } from './api/check-rule-api.ts';

export interface SegmentValues {
  digits?: string;
  pattern?: string;
  message?: string;
}

export interface CheckRuleFormValues {
  ruleName?: string;
  ruleCode?: string;
  ruleDescription?: string;
  segments?: SegmentValues[];
}

const FIELDS = ['ruleName', 'ruleCode', 'ruleDescription'] as const;
const EMPTY_SEGMENT: SegmentValues = { digits: '*', pattern: '', message: '' };

/** Stored rule JSON as editor rows (a broken one opens as one empty row). */
export function segmentsOf(json: string | undefined): SegmentValues[] {
  try {
    const parsed: unknown = JSON.parse(json ?? '');
    if (Array.isArray(parsed) && parsed.length > 0) {
      return parsed.map((s: Record<string, unknown>) => ({
        digits: s.digits === undefined || s.digits === null ? '' : String(s.digits as string | number),
        pattern: typeof s.pattern === 'string' ? s.pattern : '',
        message: typeof s.message === 'string' ? s.message : '',
      }));
    }
  } catch {
    // fall through
  }
  return [{ ...EMPTY_SEGMENT }];
}

function rowsOf(segments: SegmentValues[] | undefined): CheckSegment[] {
  return (segments ?? []).map((s) => ({
    digits: (s?.digits ?? '').trim(),
    pattern: s?.pattern ?? '',
    message: s?.message ?? '',
  }));
}

/** The form's values as the wire body (ruleJson as the segments' JSON text, as JeecgBoot's form sends it). */
export function toBody(v: CheckRuleFormValues): Record<string, unknown> {
  return {
    ruleName: v.ruleName,
    ruleCode: v.ruleCode,
    ruleDescription: v.ruleDescription,
    ruleJson: JSON.stringify(rowsOf(v.segments)),
  };
}

export interface CheckRuleFormDialogProps {
  open: boolean;
  /** The rule to edit (as queryById answered it); null for a new one. */
  record: CheckRuleRecord | null;
  onClose: () => void;
}

export function CheckRuleFormDialog({ open, record, onClose }: CheckRuleFormDialogProps) {
  const [form] = Form.useForm<CheckRuleFormValues>();
  const { message } = useFeedback();
  const save = useSaveCheckRule();
  const [segmentsError, setSegmentsError] = useState<string | null>(null);
  const segments = Form.useWatch('segments', form);
  // The last save's refusal of the rows goes with the dialog.
  const close = () => {
    setSegmentsError(null);
    onClose();
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            ruleName: record.ruleName,
            ruleCode: record.ruleCode,
            ruleDescription: record.ruleDescription ?? undefined,
            segments: segmentsOf(record.ruleJson),
          }
        : { segments: [{ ...EMPTY_SEGMENT }] },
    );
  }, [open, record, form]);

  const checkedBody = (values: CheckRuleFormValues): CheckRuleAddBody | CheckRuleEditBody | null => {
    const body = toBody(values);
    const checked = record
      ? checkWithSchema(CheckRuleEditBody, { ...body, id: record.id, version: record.version })
      : checkWithSchema(CheckRuleAddBody, body);
    if (checked.ok) {
      setSegmentsError(null);
      return checked.value;
    }
    const byField = new Map(checked.errors.byField);
    setSegmentsError(byField.get('ruleJson')?.[0] ?? null);
    byField.delete('ruleJson');
    const rest = showFieldErrors(form, { byField }, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const submit = useFormSubmit<CheckRuleFormValues, CheckRuleAddBody | CheckRuleEditBody, string>({
    form,
    input: checkedBody,
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || (record ? CHECK_RULE_ADMIN_TEXT.edited : CHECK_RULE_ADMIN_TEXT.added));
      close();
    },
  });

  return (
    <Modal
      title={record ? '编辑编码校验规则' : '新建编码校验规则'}
      width={820}
      open={open}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={close}
      destroyOnHidden
      data-testid="check-rule-form-dialog"
    >
      <ModalForm<CheckRuleFormValues>
        onSubmit={submit.submit}
        submitting={submit.submitting}
        form={form}
        name="checkRule"
        layout="vertical"
        autoComplete="off"
        onValuesChange={(changed: Partial<CheckRuleFormValues>) => {
          form.setFields(
            Object.keys(changed)
              .filter((name) => name !== 'segments')
              .map((name) => ({ name: name as keyof CheckRuleFormValues, errors: [] })),
          );
          if ('segments' in changed) setSegmentsError(null);
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item label="规则名称" name="ruleName" required style={{ flex: '1 1 220px' }}>
            <Input maxLength={CHECK_RULE_ADMIN_LIMITS.nameMax} placeholder={CHECK_RULE_ADMIN_TEXT.nameRequired} />
          </Form.Item>
          <Form.Item label="规则编码" name="ruleCode" required style={{ flex: '1 1 220px' }}>
            <Input
              maxLength={CHECK_RULE_ADMIN_LIMITS.codeMax}
              placeholder="如 order_no"
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="规则描述" name="ruleDescription">
          <Input.TextArea rows={2} maxLength={CHECK_RULE_ADMIN_LIMITS.descriptionMax} placeholder="选填" />
        </Form.Item>
        <Typography.Text strong>规则</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
          从左到右依次校验：位数填 * 校验整个值，填数字 N 校验接下来的 N 个字符；规则为正则表达式，须整段匹配。
        </Typography.Paragraph>
        <Form.List name="segments">
          {(fields, { add, remove, move }) => (
            <Flex vertical gap={8} data-testid="check-rule-segments">
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} wrap align="start" data-testid="check-rule-segment">
                  <Form.Item
                    name={[field.name, 'digits']}
                    label={`位数 ${index + 1}`}
                    style={{ marginBottom: 0, width: 90 }}
                  >
                    <Input maxLength={4} placeholder="* 或 N" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'pattern']}
                    label={`规则 ${index + 1}`}
                    style={{ marginBottom: 0, flex: '2 1 200px' }}
                  >
                    <Input
                      maxLength={CHECK_RULE_LIMITS.patternMax}
                      placeholder="如 [A-Z]{2}"
                      style={{ fontFamily: 'monospace' }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'message']}
                    label={`提示 ${index + 1}`}
                    style={{ marginBottom: 0, flex: '2 1 180px' }}
                  >
                    <Input maxLength={CHECK_RULE_LIMITS.messageMax} placeholder="不通过时的提示" />
                  </Form.Item>
                  <Flex gap={2} style={{ paddingTop: 30 }}>
                    <Tooltip title="上移">
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={`上移第${index + 1}条`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                    </Tooltip>
                    <Tooltip title="下移">
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={`下移第${index + 1}条`}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                    </Tooltip>
                    <Tooltip title="删除">
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除第${index + 1}条`}
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                      />
                    </Tooltip>
                  </Flex>
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= CHECK_RULE_LIMITS.segmentsMax}
                onClick={() => add({ ...EMPTY_SEGMENT })}
              >
                添加一条规则
              </Button>
            </Flex>
          )}
        </Form.List>
        {segmentsError ? (
          <Typography.Text type="danger" role="alert" data-testid="check-rule-segments-error">
            {segmentsError}
          </Typography.Text>
        ) : null}
      </ModalForm>
      <RuleTestBox segments={segments} />
    </Modal>
  );
}

/** The verdict of the rows on a value: the rows' own problem, 通过, or the first failing row and its message. */
export function testVerdict(
  segments: SegmentValues[] | undefined,
  value: string,
): { kind: 'invalid' | 'empty' | 'passed' | 'failed'; text: string } {
  const rows = rowsOf(segments);
  const problem = ruleSegmentsProblem(rows);
  if (problem) return { kind: 'invalid', text: `规则有误：${problem}` };
  if (value === '') return { kind: 'empty', text: '输入一个值，查看是否通过校验' };
  if (value.length > CHECK_RULE_LIMITS.valueMax) return { kind: 'invalid', text: CHECK_RULE_TEXT.valueTooLong };
  const normalised = rows.map((r) => normaliseSegment({ ...r }));
  for (let i = 0; i < normalised.length; i += 1) {
    const failure = evaluateCheckRule(normalised.slice(0, i + 1), value);
    if (failure) return { kind: 'failed', text: `第${i + 1}条不通过：${failure.message || CHECK_RULE_TEXT.invalid}` };
  }
  return { kind: 'passed', text: CHECK_RULE_TEXT.passed };
}

function RuleTestBox({ segments }: { segments: SegmentValues[] | undefined }) {
  const [value, setValue] = useState('');
  const verdict = testVerdict(segments, value);
  return (
    <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid="check-rule-test">
      <Typography.Text strong>
        <label htmlFor="check-rule-test-value">测试</label>
      </Typography.Text>
      <Input
        id="check-rule-test-value"
        value={value}
        maxLength={CHECK_RULE_LIMITS.valueMax}
        placeholder="输入要校验的值（不会保存）"
        onChange={(e) => setValue(e.target.value)}
      />
      <div aria-live="polite" data-testid="check-rule-test-result">
        {verdict.kind === 'passed' ? (
          <Tag color="success">{verdict.text}</Tag>
        ) : verdict.kind === 'failed' ? (
          <Tag color="error">{verdict.text}</Tag>
        ) : (
          <Typography.Text type={verdict.kind === 'invalid' ? 'warning' : 'secondary'}>{verdict.text}</Typography.Text>
        )}
      </div>
    </Flex>
  );
}
