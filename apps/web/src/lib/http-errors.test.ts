import { describe, expect, it } from 'vitest';
import { reactionFor } from './http-errors.ts';

describe('error catalogue (spec §8)', () => {
  it('answers HTTP 401 with 登录已过期 text, logout and a reload after 1.5 s', () => {
    expect(reactionFor({ status: 401, message: 'Token失效，请重新登录', hasToken: true })).toEqual({
      kind: 'session-expired',
      title: '系统提示',
      description: '很抱歉，登录已过期，请重新登录',
      reloadAfterMs: 1500,
    });
  });

  it('answers HTTP 403 with 拒绝访问 under the title 系统提示', () => {
    expect(reactionFor({ status: 403, message: '没有权限，请联系管理员授权', hasToken: true })).toEqual({
      kind: 'notify',
      title: '系统提示',
      description: '拒绝访问',
    });
  });

  it('answers HTTP 404 with 很抱歉，资源未找到!', () => {
    expect(reactionFor({ status: 404, hasToken: false })).toMatchObject({
      kind: 'notify',
      description: '很抱歉，资源未找到!',
    });
  });

  it('answers HTTP 504 and a client time-out with 网络超时', () => {
    expect(reactionFor({ status: 504, hasToken: true })).toMatchObject({ kind: 'notify', description: '网络超时' });
    expect(reactionFor({ status: 'timeout', hasToken: true })).toMatchObject({
      kind: 'notify',
      description: '网络超时',
    });
  });

  it('answers HTTP 500 carrying Token失效 with a token present by the 重新登录 modal', () => {
    expect(reactionFor({ status: 500, message: 'Token失效，请重新登录!', hasToken: true })).toEqual({
      kind: 'relogin-modal',
      title: '登录已过期',
      content: '很抱歉，登录已过期，请重新登录',
      okText: '重新登录',
    });
  });

  it('shows the server message for HTTP 500 without a token and for other statuses', () => {
    expect(reactionFor({ status: 500, message: 'Token失效，请重新登录', hasToken: false })).toMatchObject({
      kind: 'notify',
      description: 'Token失效，请重新登录',
    });
    expect(reactionFor({ status: 400, message: '请求参数不正确', hasToken: true })).toEqual({
      kind: 'notify',
      title: '系统提示',
      description: '请求参数不正确',
    });
    expect(reactionFor({ status: 429, message: '操作过于频繁，请稍后再试', hasToken: true })).toMatchObject({
      description: '操作过于频繁，请稍后再试',
    });
  });
});
