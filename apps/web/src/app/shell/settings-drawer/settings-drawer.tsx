/**
 * 系统设置 drawer (spec 000 §2.6). Every change applies at once and is saved per user (settings-store.ts);
 * the drawer's rules (Fluid only outside the side-menu layout, auto-hide needs a fixed header, no fixed
 * side menu in the top-menu layout) come from normaliseSettings, and the controls mirror them.
 */
import type { ReactNode } from 'react';
import { Divider, Drawer, Flex, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { SHELL_TEXT } from '@houtai/shared/constants';
import { PRIMARY_COLORS, type DisplaySettingsPatch } from '@houtai/shared/settings';
import { useSettings } from './settings-store.ts';

export interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Once the drawer has closed: e.g. focus a trigger that is gone from the page by then. */
  afterClose?: (() => void) | undefined;
}

export const SETTINGS_DRAWER_WIDTH = 300;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Flex justify="space-between" align="center" style={{ padding: '8px 0' }} data-testid={testId}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function SettingsDrawer({ open, onClose, afterClose }: SettingsDrawerProps) {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const set = (patch: DisplaySettingsPatch) => update(patch);
  const topMenu = settings.layout === 'topmenu';

  return (
    <Drawer
      title={SHELL_TEXT.systemSettings}
      placement="right"
      size={SETTINGS_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) afterClose?.();
      }}
      data-testid="settings-drawer"
    >
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={settings.theme}
        onChange={(e) => set({ theme: e.target.value as 'light' | 'dark' })}
        options={[
          { value: 'light', label: '亮色菜单风格' },
          { value: 'dark', label: '暗色菜单风格' },
        ]}
        data-testid="settings-theme"
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        主题色
      </Typography.Title>
      <Flex gap={8} wrap data-testid="settings-colors">
        {PRIMARY_COLORS.map(({ key, color }) => {
          const selected = settings.primaryColor === color;
          return (
            <Tooltip key={color} title={key}>
              <button
                type="button"
                aria-label={key}
                aria-pressed={selected}
                data-testid={`settings-color-${color}`}
                onClick={() => set({ primaryColor: color })}
                style={{
                  width: 24,
                  height: 24,
                  borderRadius: 4,
                  border: 'none',
                  padding: 0,
                  cursor: 'pointer',
                  color: '#fff',
                  background: color,
                }}
              >
                {selected ? <CheckOutlined /> : null}
              </button>
            </Tooltip>
          );
        })}
      </Flex>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={settings.layout}
        onChange={(e) => set({ layout: e.target.value as 'sidemenu' | 'topmenu' })}
        options={[
          { value: 'sidemenu', label: '侧边菜单布局' },
          { value: 'topmenu', label: '顶部菜单布局' },
        ]}
        data-testid="settings-layout"
      />
      <div style={{ marginTop: 12 }}>
        {settings.layout !== 'sidemenu' ? (
          <Row label="内容区域宽度" testId="settings-content-width">
            <Select
              size="small"
              style={{ width: 88 }}
              value={settings.contentWidth}
              onChange={(v) => set({ contentWidth: v })}
              options={[
                { value: 'Fixed', label: '固定' },
                { value: 'Fluid', label: '流式' },
              ]}
              aria-label="内容区域宽度"
            />
          </Row>
        ) : null}
        <Row label="固定顶栏" testId="settings-fixed-header">
          <Switch
            size="small"
            aria-label="固定顶栏"
            checked={settings.fixedHeader}
            onChange={(v) => set({ fixedHeader: v })}
          />
        </Row>
        <Row label="下滑时隐藏顶栏" testId="settings-auto-hide-header">
          <Switch
            size="small"
            aria-label="下滑时隐藏顶栏"
            disabled={!settings.fixedHeader}
            checked={settings.autoHideHeader}
            onChange={(v) => set({ autoHideHeader: v })}
          />
        </Row>
        <Row label="固定侧边菜单" testId="settings-fixed-sidebar">
          <Switch
            size="small"
            aria-label="固定侧边菜单"
            disabled={topMenu}
            checked={settings.fixedSidebar}
            onChange={(v) => set({ fixedSidebar: v })}
          />
        </Row>
      </div>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <Row label="色弱模式" testId="settings-color-weak">
        <Switch
          size="small"
          aria-label="色弱模式"
          checked={settings.colorWeak}
          onChange={(v) => set({ colorWeak: v })}
        />
      </Row>
      <Row label="多页签模式" testId="settings-multipage">
        <Switch
          size="small"
          aria-label="多页签模式"
          checked={settings.multipage}
          onChange={(v) => set({ multipage: v })}
        />
      </Row>
    </Drawer>
  );
}
