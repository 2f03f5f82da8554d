import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FormInstance } from 'antd';
import { BusinessError, HttpError } from './http.ts';
import { runSubmit, useFormSubmit, type SubmitMutation } from './use-form-submit.ts';
import { FeedbackContext, type Feedback } from './feedback.ts';
import type { ReactNode } from 'react';

interface Values {
  name: string;
}

function steps(run: (input: Values) => Promise<string>, values: Values | null = { name: '张三' }) {
  return {
    values: vi.fn(async () => values),
    run: vi.fn(run),
    onSuccess: vi.fn<(result: string, values: Values) => void>(),
    onFailure: vi.fn<(text: string, error: unknown) => void>(),
  };
}

afterEach(cleanup);

describe('runSubmit', () => {
  it('runs the call with the values and then the success effects', async () => {
    const s = steps(async (v) => `已保存 ${v.name}`);
    expect(await runSubmit(s)).toBe(true);
    expect(s.run).toHaveBeenCalledWith({ name: '张三' });
    expect(s.onSuccess).toHaveBeenCalledWith('已保存 张三', { name: '张三' });
    expect(s.onFailure).not.toHaveBeenCalled();
  });

  it('sends nothing when the values do not validate, or the input step stops', async () => {
    const invalid = steps(async () => 'x', null);
    expect(await runSubmit(invalid)).toBe(false);
    expect(invalid.run).not.toHaveBeenCalled();
    const stopped = steps(async () => 'x');
    expect(await runSubmit({ ...stopped, input: () => null })).toBe(false);
    expect(stopped.run).not.toHaveBeenCalled();
  });

  it('runs onStart once the input is ready and before the call, not when validation stops it', async () => {
    const order: string[] = [];
    const s = steps(async () => {
      order.push('run');
      return 'ok';
    });
    await runSubmit({ ...s, onStart: () => order.push('start') });
    expect(order).toEqual(['start', 'run']);
    const onStart = vi.fn();
    await runSubmit({ ...steps(async () => 'x', null), onStart });
    expect(onStart).not.toHaveBeenCalled();
  });

  it('maps the values to the input', async () => {
    const s = steps(async () => 'ok');
    await runSubmit({ ...s, input: (v: Values) => ({ name: v.name.trim() + '!' }) });
    expect(s.run).toHaveBeenCalledWith({ name: '张三!' });
  });

  it("reports a refusal's message, and keeps quiet about HTTP failures (the catalogue showed them)", async () => {
    const refused = steps(() => Promise.reject(new BusinessError('旧密码输入错误!', 500)));
    expect(await runSubmit(refused)).toBe(false);
    expect(refused.onFailure).toHaveBeenCalledWith('旧密码输入错误!', expect.any(BusinessError));
    expect(refused.onSuccess).not.toHaveBeenCalled();
    const http = steps(() => Promise.reject(new HttpError(500, '服务器异常（HTTP 500）')));
    expect(await runSubmit(http)).toBe(false);
    expect(http.onFailure).not.toHaveBeenCalled();
  });
});

describe('useFormSubmit', () => {
  function mutation(run: (v: Values) => Promise<string>): SubmitMutation<Values, string> {
    return { mutateAsync: vi.fn(run), isPending: false };
  }
  function feedback() {
    const fb = { message: { warning: vi.fn(), success: vi.fn() }, notification: {}, modal: {} };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FeedbackContext.Provider value={fb as unknown as Feedback}>{children}</FeedbackContext.Provider>
    );
    return { ...fb, wrapper };
  }

  it('validates the form first and sends its values', async () => {
    const form = { validateFields: vi.fn(async () => ({ name: '李四' })) } as unknown as FormInstance<Values>;
    const m = mutation(async () => 'ok');
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useFormSubmit({ form, mutation: m, onSuccess }));
    await act(async () => {
      expect(await result.current.submit()).toBe(true);
    });
    expect(m.mutateAsync).toHaveBeenCalledWith({ name: '李四' });
    expect(onSuccess).toHaveBeenCalledWith('ok', { name: '李四' });
  });

  it('sends nothing when the form does not validate', async () => {
    const form = {
      validateFields: vi.fn(() => Promise.reject(new Error('invalid'))),
    } as unknown as FormInstance<Values>;
    const m = mutation(async () => 'ok');
    const { result } = renderHook(() => useFormSubmit({ form, mutation: m }));
    await act(async () => {
      expect(await result.current.submit()).toBe(false);
    });
    expect(m.mutateAsync).not.toHaveBeenCalled();
  });

  it('takes the values of a Form onFinish without validating again', async () => {
    const form = { validateFields: vi.fn() } as unknown as FormInstance<Values>;
    const m = mutation(async () => 'ok');
    const { result } = renderHook(() => useFormSubmit({ form, mutation: m }));
    await act(() => result.current.submit({ name: '王五' }));
    expect(form.validateFields).not.toHaveBeenCalled();
    expect(m.mutateAsync).toHaveBeenCalledWith({ name: '王五' });
  });

  it('warns with a refusal by default, or hands it to onFailure', async () => {
    const fb = feedback();
    const m = mutation(() => Promise.reject(new BusinessError('您不属于该部门')));
    const plain = renderHook(() => useFormSubmit({ mutation: m }), { wrapper: fb.wrapper });
    await act(() => plain.result.current.submit({ name: 'x' }));
    expect(fb.message.warning).toHaveBeenCalledWith('您不属于该部门');
    const onFailure = vi.fn();
    const own = renderHook(() => useFormSubmit({ mutation: m, onFailure }), { wrapper: fb.wrapper });
    await act(() => own.result.current.submit({ name: 'x' }));
    expect(onFailure).toHaveBeenCalledWith('您不属于该部门', expect.any(BusinessError));
    expect(fb.message.warning).toHaveBeenCalledTimes(1);
  });

  it('is submitting while the mutation is pending', () => {
    const { result } = renderHook(() => useFormSubmit({ mutation: { mutateAsync: vi.fn(), isPending: true } }));
    expect(result.current.submitting).toBe(true);
  });
});
