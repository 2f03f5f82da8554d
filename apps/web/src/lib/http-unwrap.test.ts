import { describe, expect, it } from 'vitest';
import type { ApiResult } from '@houtai/shared/contract/common';
import { failureText } from './failure-text.ts';
import { BusinessError, HttpError, unwrap, unwrapResult } from './http.ts';

function answer<T>(fields: Partial<ApiResult<T>>): ApiResult<T> {
  return { success: true, message: '', code: 200, result: null as T, timestamp: 0, ...fields };
}

describe('unwrap', () => {
  it('answers the result of a successful envelope, null included', () => {
    expect(unwrap(answer({ result: { id: '1' } }))).toEqual({ id: '1' });
    expect(unwrap(answer({ result: null }), '获取失败')).toBeNull();
  });

  it("throws a refusal as BusinessError with the server's message, its code and the envelope", () => {
    const res = answer({ success: false, message: '旧密码输入错误!', code: 500 });
    let caught: unknown;
    try {
      unwrap(res, '修改失败');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(BusinessError);
    expect(caught).toMatchObject({ message: '旧密码输入错误!', code: 500, body: res });
  });

  it('uses the fallback when the server sent no message, and an empty message without one', () => {
    expect(() => unwrap(answer({ success: false }), '指派失败')).toThrow('指派失败');
    expect(() => unwrap(answer({ success: false }))).toThrow(BusinessError);
  });
});

describe('unwrapResult', () => {
  it('refuses a successful answer without a result, with the message or the fallback', () => {
    expect(() => unwrapResult(answer({ result: null }), '获取工单失败')).toThrow('获取工单失败');
    expect(() => unwrapResult(answer({ result: undefined, message: '无数据' }), '获取工单失败')).toThrow('无数据');
    expect(unwrapResult(answer({ result: 0 }))).toBe(0);
  });

  it('refuses a result the check rejects', () => {
    expect(() => unwrapResult(answer<unknown>({ result: { a: 1 } }), '获取用户失败', Array.isArray)).toThrow(
      '获取用户失败',
    );
    expect(unwrapResult(answer<unknown>({ result: ['a'] }), '获取用户失败', Array.isArray)).toEqual(['a']);
  });
});

describe('failureText', () => {
  it('is null for an HTTP failure: the error catalogue has shown it', () => {
    expect(failureText(new HttpError(500, '服务器异常（HTTP 500）'))).toBeNull();
  });

  it("is the server's message for a business failure, and null when there is none", () => {
    expect(failureText(new BusinessError('工单已被他人修改，请刷新后重试'))).toBe('工单已被他人修改，请刷新后重试');
    expect(failureText(new BusinessError(''))).toBeNull();
  });

  it('is the message of anything else, or 操作失败', () => {
    expect(failureText(new Error('上传失败'))).toBe('上传失败');
    expect(failureText(new Error(''))).toBe('操作失败');
    expect(failureText('boom')).toBe('操作失败');
  });
});
