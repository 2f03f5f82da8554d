import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DEFAULT_SETTINGS, PRIMARY_COLORS } from '@houtai/shared/settings';
import { SettingsDrawer } from './settings-drawer.tsx';
import { resetSettingsStore, settingsStore } from './settings-store.ts';
import { FeedbackHost } from '../../../lib/feedback-host.tsx';

function renderDrawer() {
  return render(
    <FeedbackHost>
      <SettingsDrawer open onClose={vi.fn()} />
    </FeedbackHost>,
  );
}

function switchIn(testId: string): HTMLElement {
  return within(screen.getByTestId(testId)).getByRole('switch');
}

beforeEach(() => resetSettingsStore());
afterEach(() => {
  cleanup();
  resetSettingsStore();
});

describe('settings drawer', () => {
  it('names every setting in Chinese, the switches too (no 固定 Header)', () => {
    renderDrawer();
    const drawer = screen.getByTestId('settings-drawer');
    expect(drawer.textContent).not.toMatch(/[A-Za-z]/);
    expect(within(screen.getByTestId('settings-fixed-header')).getByText('固定顶栏')).toBeTruthy();
    expect(switchIn('settings-auto-hide-header').getAttribute('aria-label')).toBe('下滑时隐藏顶栏');
    const names = screen.getAllByRole('switch').map((el) => el.getAttribute('aria-label') ?? '');
    expect(names.filter((name) => /[A-Za-z]/.test(name) || name === '')).toEqual([]);
  });

  it('offers the eight palette colours and applies the chosen one', () => {
    renderDrawer();
    expect(screen.getAllByTestId(/^settings-color-#/)).toHaveLength(8);
    expect(PRIMARY_COLORS).toHaveLength(8);
    fireEvent.click(screen.getByTestId('settings-color-#722ED1'));
    expect(settingsStore.getState().settings.primaryColor).toBe('#722ED1');
    expect(screen.getByTestId('settings-color-#722ED1').getAttribute('aria-pressed')).toBe('true');
  });

  it('offers content width only outside the side-menu layout', () => {
    renderDrawer();
    expect(DEFAULT_SETTINGS.layout).toBe('topmenu');
    expect(screen.getByTestId('settings-content-width')).toBeTruthy();
    fireEvent.click(screen.getByText('侧边菜单布局'));
    expect(settingsStore.getState().settings.layout).toBe('sidemenu');
    expect(screen.queryByTestId('settings-content-width')).toBeNull();
  });

  it('enables hide-header-on-scroll only with a fixed header, and fixed side menu only in the side menu', () => {
    renderDrawer();
    expect(switchIn('settings-auto-hide-header').hasAttribute('disabled')).toBe(true);
    expect(switchIn('settings-fixed-sidebar').hasAttribute('disabled')).toBe(true);
    fireEvent.click(switchIn('settings-fixed-header'));
    expect(switchIn('settings-auto-hide-header').hasAttribute('disabled')).toBe(false);
    fireEvent.click(switchIn('settings-auto-hide-header'));
    expect(settingsStore.getState().settings).toMatchObject({ fixedHeader: true, autoHideHeader: true });
    fireEvent.click(switchIn('settings-fixed-header'));
    expect(settingsStore.getState().settings).toMatchObject({ fixedHeader: false, autoHideHeader: false });
    fireEvent.click(screen.getByText('侧边菜单布局'));
    expect(switchIn('settings-fixed-sidebar').hasAttribute('disabled')).toBe(false);
  });

  it('switches menu theme, colour-weak and multi-tab', () => {
    renderDrawer();
    fireEvent.click(screen.getByText('暗色菜单风格'));
    fireEvent.click(switchIn('settings-color-weak'));
    fireEvent.click(switchIn('settings-multipage'));
    expect(settingsStore.getState().settings).toMatchObject({ theme: 'dark', colorWeak: true, multipage: false });
  });
});
