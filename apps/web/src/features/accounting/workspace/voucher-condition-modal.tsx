/**
 * The one modal of 生成单据 and 同步凭证 (spec widgets §2.1, §4, §5.1, §8): 会计期间 (required), the organisations
 * (结算组织 / 账簿; '全部' = all of the caller's, no rule) and 业务来源 (required; the generate modal disables
 * A01A04 and A01A05). OK (or Enter) sends {date, orgId, dataSource}; success shows the server's message, closes and
 * reloads the child view; a refusal shows the server's message as a warning and the modal stays open.
 */
import { useEffect, useState } from 'react';
import { DatePicker, Form, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { ACCOUNTING_LIMITS, ACCOUNTING_TEXT } from '@houtai/shared/contract/accounting';
import { loadDictOptions } from '../../../lib/api/dict.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { DICT_MAX_TAG_COUNT } from '../../../widgets/dict-select/dict-select.tsx';
import { useDictLoad } from '../../../widgets/dict-select/use-dict-load.ts';
import { sourceOptions, useBusinessSources } from './api/business-sources.ts';
import { useVoucherRequest, type VoucherAction, type VoucherRequest } from './api/voucher-request.ts';

interface Values {
  date?: Dayjs | null;
  orgIds?: string[];
  dataSource?: string;
}

/** The '全部' option's value (spec §2.1: an empty value). */
const ALL = '';

/** Choosing 全部 clears the organisations; choosing an organisation clears 全部. */
export function normalizeOrgIds(next: string[] | undefined, prev: string[] | undefined): string[] {
  const list = next ?? [];
  const before = prev ?? [];
  if (list.some((v) => v === ALL && !before.includes(ALL))) return [ALL];
  return list.length > 1 ? list.filter((v) => v !== ALL) : list;
}

/** The request of the form's values: none or 全部 → orgId ''. */
export function voucherRequestOf(values: Values): VoucherRequest {
  return {
    date: values.date ? values.date.format('YYYY-MM-DD') : '',
    orgId: (values.orgIds ?? []).filter((v) => v !== ALL).join(','),
    dataSource: values.dataSource ?? '',
  };
}

export interface VoucherConditionModalProps {
  /** Which button opened it; null: closed. */
  action: VoucherAction | null;
  onClose: () => void;
}

export function VoucherConditionModal({ action, onClose }: VoucherConditionModalProps) {
  // The modal stays mounted until its closing animation ends (focus goes back to the button), then its form, its
  // loads and its state go with it; the next opening starts empty.
  const [shown, setShown] = useState<VoucherAction | null>(action);
  if (action !== null && action !== shown) setShown(action);
  if (shown === null) return null;
  return (
    <ConditionModal
      key={shown}
      open={action !== null}
      action={shown}
      onClose={onClose}
      afterClose={() => setShown(null)}
    />
  );
}

interface ConditionModalProps {
  open: boolean;
  action: VoucherAction;
  onClose: () => void;
  afterClose: () => void;
}

function ConditionModal({ open, action, onClose, afterClose }: ConditionModalProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const generate = action === 'generate';
  const orgs = useDictLoad(ACCOUNTING_LIMITS.orgDictCode, loadDictOptions);
  const sources = useBusinessSources(true);
  const request = useVoucherRequest(action);

  useEffect(() => {
    if (!sources.error) return;
    const text = failureText(sources.error);
    if (text) void message.error(text);
  }, [sources.error, message]);

  const submit = useFormSubmit({
    form,
    mutation: request,
    input: voucherRequestOf,
    onSuccess: (text: string) => {
      if (text) void message.success(text);
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={generate ? ACCOUNTING_TEXT.generateTitle : ACCOUNTING_TEXT.syncTitle}
      width={ACCOUNTING_LIMITS.modalWidth}
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      data-testid="voucher-condition-modal"
    >
      <ModalForm<Values>
        form={form}
        onSubmit={submit.submit}
        submitting={submit.submitting}
        name={`voucher-${action}`}
        layout="vertical"
        autoComplete="off"
        initialValues={{ orgIds: [] }}
      >
        <Form.Item
          label={ACCOUNTING_TEXT.period}
          name="date"
          rules={[{ required: true, message: ACCOUNTING_TEXT.periodRequired }]}
        >
          <DatePicker format="YYYY-MM-DD" placeholder="请选择日期" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={generate ? ACCOUNTING_TEXT.orgLabelGenerate : ACCOUNTING_TEXT.orgLabelSync}
          name="orgIds"
          normalize={(next: string[] | undefined, prev: string[] | undefined) => normalizeOrgIds(next, prev)}
        >
          <Select<string[]>
            mode="multiple"
            maxTagCount={DICT_MAX_TAG_COUNT}
            allowClear
            loading={orgs.loading}
            placeholder={ACCOUNTING_TEXT.all}
            optionFilterProp="label"
            options={[{ value: ALL, label: ACCOUNTING_TEXT.all }, ...orgs.options]}
            data-testid="voucher-org-select"
          />
        </Form.Item>
        <Form.Item
          label={ACCOUNTING_TEXT.sourceLabel}
          name="dataSource"
          rules={[{ required: true, message: ACCOUNTING_TEXT.sourceRequired }]}
        >
          <Select<string>
            loading={sources.isFetching}
            placeholder="请选择"
            options={sources.data ? sourceOptions(sources.data, generate) : []}
            notFoundContent={sources.error ? '加载失败' : undefined}
            data-testid="voucher-source-select"
          />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
