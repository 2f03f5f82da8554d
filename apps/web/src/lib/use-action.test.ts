import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useAction } from './use-action.ts';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  it('is pending while the call runs and answers its result', async () => {
    const call = deferred<string>();
    const { result } = renderHook(() => useAction((name: string) => call.promise.then((v) => `${v} ${name}`)));
    expect(result.current.isPending).toBe(false);
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.mutateAsync('张三');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      call.resolve('你好');
      expect(await answer).toBe('你好 张三');
    });
    expect(result.current.isPending).toBe(false);
  });

  it('rejects with the call’s error and is no longer pending', async () => {
    const call = deferred<string>();
    const { result } = renderHook(() => useAction(() => call.promise));
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.mutateAsync(undefined);
    });
    await act(async () => {
      call.reject(new Error('验证码错误'));
      await expect(answer).rejects.toThrow('验证码错误');
    });
    expect(result.current.isPending).toBe(false);
  });
});
