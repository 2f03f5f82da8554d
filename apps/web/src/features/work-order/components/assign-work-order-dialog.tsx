/** 指派工单: choose the handler (active users, searched by real name) and an optional note. */
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { WORK_ORDER_LIMITS, WORK_ORDER_TEXT, type WorkOrderRecord } from '@houtai/shared/contract/work-order-rules';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useAssignWorkOrder } from '../api/assign-work-order.ts';
import { searchUsers, type UserOption } from '../api/search-users.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

const SEARCH_DELAY_MS = 300;

interface Values {
  assigneeId: string;
  note?: string;
}

export interface AssignWorkOrderDialogProps {
  /** The order to assign; the dialog is open while one is given. */
  order: WorkOrderRecord | null;
  onClose: () => void;
}

/** Search-as-you-type over the user dictionary; the latest answer wins. */
function useUserSearch(active: boolean) {
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!active) return;
    const ticket = ++latest.current;
    const timer = setTimeout(
      () => {
        setLoading(true);
        searchUsers(keyword)
          .then((found) => {
            if (ticket === latest.current) setOptions(found);
          })
          .catch(() => {
            if (ticket === latest.current) setOptions([]);
          })
          .finally(() => {
            if (ticket === latest.current) setLoading(false);
          });
      },
      keyword ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [active, keyword]);

  return { options, loading, setKeyword };
}

export function AssignWorkOrderDialog({ order, onClose }: AssignWorkOrderDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const users = useUserSearch(order !== null);
  // The current handler stays choosable even when the first page of users does not list them.
  const current =
    order?.assigneeId && !users.options.some((o) => o.value === order.assigneeId)
      ? [{ value: order.assigneeId, label: order.assigneeId_dictText ?? order.assigneeId }]
      : [];

  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useAssignWorkOrder(),
    input: (values: Values) =>
      order
        ? {
            id: order.id,
            assigneeId: values.assigneeId,
            note: values.note?.trim() || undefined,
            version: order.version,
          }
        : null,
    onSuccess: (text) => {
      void message.success(text || WORK_ORDER_TEXT.assigned);
      onClose();
    },
  });

  return (
    <Modal
      title="指派工单"
      open={order !== null}
      okText="指派"
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="work-order-assign-dialog"
    >
      {order ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
          {`${order.orderNo}  ${order.title}`}
        </Typography.Paragraph>
      ) : null}
      <ModalForm
        onSubmit={submit}
        submitting={submitting}
        form={form}
        name="workOrderAssign"
        layout="vertical"
        autoComplete="off"
        preserve={false}
        initialValues={{ assigneeId: order?.assigneeId ?? undefined }}
      >
        <Form.Item
          label="处理人"
          name="assigneeId"
          rules={[{ required: true, message: WORK_ORDER_TEXT.assigneeRequired }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: users.setKeyword }}
            placeholder="输入姓名搜索"
            options={[...current, ...users.options]}
            notFoundContent={users.loading ? <Spin size="small" /> : '没有匹配的用户'}
            data-testid="work-order-assignee"
          />
        </Form.Item>
        <Form.Item
          label="说明"
          name="note"
          rules={[{ max: WORK_ORDER_LIMITS.note, message: WORK_ORDER_TEXT.noteTooLong }]}
        >
          <Input.TextArea rows={3} maxLength={WORK_ORDER_LIMITS.note} showCount placeholder="选填" />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
