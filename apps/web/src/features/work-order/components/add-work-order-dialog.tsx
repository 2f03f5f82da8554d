/**
 * 新建工单: title, priority, content and 附件 (files sent by direct upload, at most 10); the signed-in user becomes
 * the reporter.
 */
import { Form, Input, Modal, Radio } from 'antd';
import {
  WORK_ORDER_DEFAULT_PRIORITY,
  WORK_ORDER_LIMITS,
  WORK_ORDER_TEXT,
  type WorkOrderPriority,
} from '@houtai/shared/contract/work-order-rules';
import { directUploader } from '../../../lib/direct-upload.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { FileUpload, type UploadTransport } from '../../../widgets/upload/file-upload.tsx';
import { useAddWorkOrder } from '../api/add-work-order.ts';
import { PRIORITY_OPTIONS } from '../work-order-labels.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

interface Values {
  title: string;
  priority: WorkOrderPriority;
  content?: string;
  /** Stored paths, comma-joined. */
  attachments?: string;
}

const uploadAttachment: UploadTransport = (file, opts) => directUploader.upload(file, opts);

export interface AddWorkOrderDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated?: (id: string) => void;
}

export function AddWorkOrderDialog({ open, onClose, onCreated }: AddWorkOrderDialogProps) {
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useAddWorkOrder(),
    input: (values: Values) => ({
      title: values.title.trim(),
      priority: values.priority,
      content: values.content ?? '',
      attachments: values.attachments ?? '',
    }),
    onSuccess: (added) => {
      void message.success(added.message || WORK_ORDER_TEXT.added);
      form.resetFields();
      onClose();
      onCreated?.(added.id);
    },
  });

  return (
    <Modal
      title="新建工单"
      width={640}
      open={open}
      okText="提交"
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="work-order-add-dialog"
    >
      <ModalForm
        onSubmit={submit}
        submitting={submitting}
        form={form}
        name="workOrderAdd"
        layout="vertical"
        initialValues={{ priority: WORK_ORDER_DEFAULT_PRIORITY }}
        autoComplete="off"
        preserve={false}
      >
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: WORK_ORDER_TEXT.titleRequired },
            { max: WORK_ORDER_LIMITS.title, message: WORK_ORDER_TEXT.titleTooLong },
          ]}
        >
          <Input placeholder="请输入标题" maxLength={WORK_ORDER_LIMITS.title} showCount />
        </Form.Item>
        <Form.Item
          label="优先级"
          name="priority"
          rules={[{ required: true, message: WORK_ORDER_TEXT.priorityInvalid }]}
        >
          <Radio.Group optionType="button" buttonStyle="solid" options={[...PRIORITY_OPTIONS]} />
        </Form.Item>
        <Form.Item
          label="内容"
          name="content"
          rules={[{ max: WORK_ORDER_LIMITS.content, message: WORK_ORDER_TEXT.contentTooLong }]}
        >
          <Input.TextArea placeholder="请描述问题或需求" rows={6} maxLength={WORK_ORDER_LIMITS.content} showCount />
        </Form.Item>
        <Form.Item
          label="附件"
          name="attachments"
          extra={`最多 ${WORK_ORDER_LIMITS.attachments} 个文件，单个不超过 20MB（视频 50MB）`}
        >
          <FileUpload upload={uploadAttachment} biz="temp" maxCount={WORK_ORDER_LIMITS.attachments} aria-label="附件" />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
