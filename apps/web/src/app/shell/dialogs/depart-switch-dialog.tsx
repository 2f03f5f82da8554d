/**
 * 部门切换 (spec 000 §2.7, §4, §5): width 600, titled with the current department's name. The user's
 * departments load each time it opens; none → warning and close. The chosen department's answer replaces the
 * stored user info (7 days) and the page reloads, so every screen starts in the new department.
 */
import { useEffect, useState } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { DEPART_DIALOG_WIDTH, SHELL_TEXT } from '@houtai/shared/constants';
import { HttpError } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useCurrentUserDeparts } from './api/get-current-user-departs.ts';
import { selectDepart } from './api/select-depart.ts';
import { reloadPage } from './reload-page.ts';
import { useFeedback } from '../../../lib/feedback.ts';

export interface DepartSwitchDialogProps {
  open: boolean;
  onClose: () => void;
}

interface Values {
  orgCode: string;
}

export function DepartSwitchDialog({ open, onClose }: DepartSwitchDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const userInfo = useSessionStore((s) => s.userInfo);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const departs = useCurrentUserDeparts(open);
  const list = departs.data?.list;
  const currentOrgCode = departs.data?.orgCode ?? userInfo?.orgCode ?? null;
  const currentName =
    list?.find((d) => d.orgCode === currentOrgCode)?.departName ?? userInfo?.orgCodeTxt ?? SHELL_TEXT.switchDepart;

  useEffect(() => {
    if (!open || departs.isFetching) return;
    if (departs.isError) {
      // HTTP failures were reported by the client; a refused answer carries its own message.
      if (!(departs.error instanceof HttpError)) void message.warning(departs.error.message);
      onClose();
    } else if (list && list.length === 0) {
      void message.warning(SHELL_TEXT.noDeparts);
      onClose();
    }
  }, [open, departs.isFetching, departs.isError, departs.error, list, message, onClose]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSubmitting(true);
    try {
      const res = await selectDepart({ orgCode: values.orgCode, username: userInfo?.username });
      if (res.success && res.result?.userInfo) {
        setUserInfo(res.result.userInfo);
        onClose();
        reloadPage();
      } else {
        void message.warning(res.message);
      }
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    } finally {
      setSubmitting(false);
    }
  };

  const ready = !!list && list.length > 0 && !departs.isFetching;
  return (
    <Modal
      title={currentName}
      width={DEPART_DIALOG_WIDTH}
      open={open && !(list && list.length === 0 && !departs.isFetching)}
      confirmLoading={submitting}
      okButtonProps={{ disabled: !ready }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="depart-switch-dialog"
    >
      {ready ? (
        <Form form={form} initialValues={{ orgCode: currentOrgCode ?? undefined }}>
          <Form.Item label="部门" name="orgCode" rules={[{ required: true, message: SHELL_TEXT.departRequired }]}>
            <Select
              placeholder={SHELL_TEXT.departRequired}
              aria-label="部门"
              data-testid="depart-select"
              options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
