/**
 * 部门切换 (spec 000 §2.7, §4, §5): width 600, titled with the current department's name. The user's
 * departments load each time it opens; none → warning and close. The chosen department's answer replaces the
 * stored user info (7 days) and the page reloads, so every screen starts in the new department.
 */
import { useEffect } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { DEPART_DIALOG_WIDTH, SHELL_TEXT } from '@houtai/shared/constants';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useCurrentUserDeparts } from './api/get-current-user-departs.ts';
import { useSelectDepart } from './api/select-depart.ts';
import { reloadPage } from './reload-page.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';

export interface DepartSwitchDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has closed (its animation done): e.g. focus a trigger that antd cannot refocus. */
  afterClose?: (() => void) | undefined;
}

interface Values {
  orgCode: string;
}

export function DepartSwitchDialog({ open, onClose, afterClose }: DepartSwitchDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
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
      const text = failureText(departs.error);
      if (text) void message.warning(text);
      onClose();
    } else if (list && list.length === 0) {
      void message.warning(SHELL_TEXT.noDeparts);
      onClose();
    }
  }, [open, departs.isFetching, departs.isError, departs.error, list, message, onClose]);

  const { submit, submitting } = useFormSubmit({
    form,
    mutation: useSelectDepart(),
    input: (values: Values) => ({ orgCode: values.orgCode, username: userInfo?.username }),
    onSuccess: (next) => {
      setUserInfo(next);
      onClose();
      reloadPage();
    },
  });

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
      afterClose={afterClose}
      data-testid="depart-switch-dialog"
    >
      {ready ? (
        <ModalForm
          onSubmit={submit}
          submitting={submitting}
          form={form}
          initialValues={{ orgCode: currentOrgCode ?? undefined }}
        >
          <Form.Item label="部门" name="orgCode" rules={[{ required: true, message: SHELL_TEXT.departRequired }]}>
            <Select
              placeholder={SHELL_TEXT.departRequired}
              aria-label="部门"
              data-testid="depart-select"
              options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        </ModalForm>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
