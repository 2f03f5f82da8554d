/**
 * The form of a dialog (issue 11): Enter in a field submits it, as the OK button does. The form holds a hidden
 * submit button, so the browser's own implicit submission applies (not in a textarea, not while an input method
 * composes, not while a select's list takes the key); antd's <Form> turns the submit into validation and then
 * `onSubmit` — the dialog's `submit` from useFormSubmit, the same call as its OK button.
 *
 *   <Modal onOk={() => void submit()} …>
 *     <ModalForm form={form} onSubmit={submit} …>…</ModalForm>
 *   </Modal>
 *
 * Focus goes back to the dialog's trigger when it closes through antd's Modal (focusTriggerAfterClose, on by
 * default); a trigger that is gone by then (a dropdown's menu item) is refocused by the opener through the
 * dialog's `afterClose`.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Form, type FormProps } from 'antd';

/** Out of sight and out of the tab order, still a submit button for the form's implicit submission. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export type ModalFormProps<Values> = Omit<FormProps<Values>, 'onFinish'> & {
  /** Runs once the form validates (Enter in a field); the dialog's submit. Its result is ignored. */
  onSubmit: () => unknown;
  /** While the call is on its way, Enter does not send it again. */
  submitting?: boolean | undefined;
  children: ReactNode;
};

export function ModalForm<Values>({ onSubmit, submitting, children, ...formProps }: ModalFormProps<Values>) {
  return (
    <Form<Values> {...formProps} onFinish={() => void onSubmit()}>
      {children}
      <button
        type="submit"
        tabIndex={-1}
        aria-hidden="true"
        disabled={submitting}
        style={HIDDEN}
        data-testid="enter-submit"
      >
        提交
      </button>
    </Form>
  );
}
