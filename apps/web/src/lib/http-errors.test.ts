import { describe, expect, it } from 'vitest';
import { isEnterpriseChat, reactionFor, reactionForDownloadEnvelope } from './http-errors.ts';

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const WXWORK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0 wxwork/4.1.20';
const DINGTALK_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 AliApp(DingTalk/7.5.0)';

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

  it('answers the same HTTP 500 inside wxwork or DingTalk with the loading message 登录已过期，正在重新登陆', () => {
    for (const userAgent of [WXWORK_UA, DINGTALK_UA, 'x WXWork/3.0', 'x dingtalk/6']) {
      expect(reactionFor({ status: 500, message: 'Token失效，请重新登录!', hasToken: true, userAgent })).toEqual({
        kind: 'relogin-loading',
        content: '登录已过期，正在重新登陆',
      });
    }
    expect(
      reactionFor({ status: 500, message: 'Token失效，请重新登录!', hasToken: true, userAgent: DESKTOP_UA }),
    ).toMatchObject({ kind: 'relogin-modal' });
    // Without a token there is no session to renew, in any app.
    expect(reactionFor({ status: 500, message: 'Token失效', hasToken: false, userAgent: WXWORK_UA })).toMatchObject({
      kind: 'notify',
      description: 'Token失效',
    });
  });

  it('tells enterprise chat apps by wxwork or DingTalk in the user agent, in any case', () => {
    expect(isEnterpriseChat(WXWORK_UA)).toBe(true);
    expect(isEnterpriseChat(DINGTALK_UA)).toBe(true);
    expect(isEnterpriseChat(DESKTOP_UA)).toBe(false);
    expect(isEnterpriseChat('MicroMessenger/8.0')).toBe(false);
    expect(isEnterpriseChat(undefined)).toBe(false);
  });

  it('answers a network failure that is no time-out with 网络异常，请检查网络连接 under 系统提示', () => {
    expect(reactionFor({ status: 'network', hasToken: true })).toEqual({
      kind: 'notify',
      title: '系统提示',
      description: '网络异常，请检查网络连接',
    });
  });

  it('answers a status outside the catalogue without a server message by 服务器异常（HTTP status）', () => {
    expect(reactionFor({ status: 502, hasToken: true })).toEqual({
      kind: 'notify',
      title: '系统提示',
      description: '服务器异常（HTTP 502）',
    });
    expect(reactionFor({ status: 500, message: '', hasToken: true })).toMatchObject({
      description: '服务器异常（HTTP 500）',
    });
  });

  it('answers a download that got a failure envelope: token-invalid re-logs in, anything else warns', () => {
    expect(reactionForDownloadEnvelope({ message: 'Token失效，请重新登录', hasToken: true })).toMatchObject({
      kind: 'relogin-modal',
      title: '登录已过期',
    });
    expect(
      reactionForDownloadEnvelope({ message: 'Token失效，请重新登录', hasToken: true, userAgent: DINGTALK_UA }),
    ).toEqual({ kind: 'relogin-loading', content: '登录已过期，正在重新登陆' });
    expect(reactionForDownloadEnvelope({ message: '未知的文件', hasToken: true })).toEqual({
      kind: 'warn',
      content: '未知的文件',
    });
    expect(reactionForDownloadEnvelope({ message: '', hasToken: true })).toEqual({
      kind: 'warn',
      content: '文件下载失败',
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
