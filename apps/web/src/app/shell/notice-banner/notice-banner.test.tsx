import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { stubApi, type ApiCall } from '../../../testing/messages.fixture.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderInShell, signInAs } from '../../../testing/render.tsx';
import { NoticeBanner, marqueeSeconds } from './notice-banner.tsx';
import { noticeBanner } from './notice-banner-store.ts';

type Answer = { success?: boolean; message?: string; result?: unknown };
let calls: ApiCall[];

function stubConfig(answer: () => Answer) {
  calls = stubApi({ 'GET /sys/sysConfig/getByCode': answer });
}

beforeEach(() => signInAs());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('notice banner', () => {
  it('shows a notice loaded with the permissions from its first render, without asking again', async () => {
    stubConfig(() => ({ result: { status: '1', content: '不应再问' } }));
    noticeBanner.preload({ status: '1', content: '今晚维护' });
    renderInShell(<NoticeBanner />);
    expect(screen.getByTestId('notice-banner-text').textContent).toBe('今晚维护');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId('notice-banner-text').textContent).toBe('今晚维护');
    // The preload serves one mount only: the next shell loads it again.
    cleanup();
    renderInShell(<NoticeBanner />);
    expect((await screen.findByTestId('notice-banner-text')).textContent).toBe('不应再问');
    expect(calls).toHaveLength(1);
  });

  it('loads SYSTEM_NOTIFICATIONS once and scrolls its content as plain text', async () => {
    stubConfig(() => ({ result: { status: '1', content: '<b>系统</b>将于今晚维护' } }));
    renderInShell(<NoticeBanner />);
    const text = await screen.findByTestId('notice-banner-text');
    expect(text.textContent).toBe('<b>系统</b>将于今晚维护');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByTestId('notice-banner').getAttribute('role')).toBe('marquee');
    expect(calls.map((c) => [c.path, c.query])).toEqual([
      ['/sys/sysConfig/getByCode', { code: 'SYSTEM_NOTIFICATIONS' }],
    ]);
  });

  it("is hidden while the status is '0'", async () => {
    stubConfig(() => ({ result: { status: '0', content: '旧通知' } }));
    renderInShell(<NoticeBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
  });

  it('is hidden, silently, when the setting cannot be loaded', async () => {
    stubConfig(() => ({ success: false, message: '该配置不存在或不允许查询' }));
    renderInShell(<NoticeBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(screen.queryByText('该配置不存在或不允许查询')).toBeNull();
  });

  it('follows live updates', async () => {
    stubConfig(() => ({ result: { status: '1', content: '第一条' } }));
    renderInShell(<NoticeBanner />);
    await screen.findByText('第一条');
    act(() => noticeBanner.live({ status: '1', content: '第二条' }));
    expect(screen.getByTestId('notice-banner-text').textContent).toBe('第二条');
    act(() => noticeBanner.live({ status: '0', content: '' }));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
  });
});

describe('marqueeSeconds', () => {
  it('grows with the text, within 12 to 120 s', () => {
    expect(marqueeSeconds('短')).toBe(12);
    expect(marqueeSeconds('x'.repeat(100))).toBe(38);
    expect(marqueeSeconds('x'.repeat(1000))).toBe(120);
  });
});
