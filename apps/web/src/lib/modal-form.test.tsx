import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Modal } from 'antd';
import { ModalForm } from './modal-form.tsx';

afterEach(cleanup);

function Dialog({ onSubmit, submitting }: { onSubmit: () => unknown; submitting?: boolean }) {
  const [form] = Form.useForm<{ name: string; note: string }>();
  return (
    <Modal open title="对话框" onOk={() => void onSubmit()}>
      <ModalForm form={form} onSubmit={onSubmit} submitting={submitting}>
        <Form.Item label="名称" name="name" rules={[{ required: true, message: '请输入名称' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="备注" name="note">
          <Input.TextArea />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}

/** What a browser does on Enter in a text field of a form with a submit button (implicit submission). */
function pressEnter(field: HTMLElement) {
  fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
  const form = field.closest('form')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (field.tagName === 'INPUT' && button && !button.disabled) button.click();
}

describe('ModalForm', () => {
  it('has a submit button out of sight, out of the tab order and hidden from assistive technology', () => {
    render(<Dialog onSubmit={vi.fn()} />);
    const button = screen.getByTestId('enter-submit');
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.tabIndex).toBe(-1);
    expect(button.getAttribute('aria-hidden')).toBe('true');
    expect(button.closest('form')).toBe(screen.getByLabelText('名称').closest('form'));
  });

  it('submits once the fields validate when Enter is pressed in a field', async () => {
    const onSubmit = vi.fn();
    render(<Dialog onSubmit={onSubmit} />);
    const name = screen.getByLabelText('名称');
    pressEnter(name);
    expect(await screen.findByText('请输入名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '打印机' } });
    pressEnter(name);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('does not send again while the call is on its way', async () => {
    const onSubmit = vi.fn();
    render(<Dialog onSubmit={onSubmit} submitting />);
    expect(screen.getByTestId<HTMLButtonElement>('enter-submit').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '打印机' } });
    pressEnter(screen.getByLabelText('名称'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
