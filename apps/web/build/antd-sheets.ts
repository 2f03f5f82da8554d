/**
 * antd's styles for the first screens as build-time stylesheets (issue 11, first-load speed).
 *
 * antd 6 writes its component styles at run time: the first render of each component turns style objects into CSS
 * text and inserts it, most of the frame's and the login page's first render on a phone. antd's cssinjs also reads a
 * map of "cache path → style hash" from the page's CSS (the rule `.data-ant-cssinjs-cache-path{content:"…"}`); a
 * component whose path is in it skips generating and inserting its style (useStyleRegister, CSS_FILE_STYLE). This
 * module renders the first screens' components on the server side of React once, with antd's style cache, and
 * returns the CSS that cache holds plus that map: one sheet for the login page, one for the signed-in frame and home.
 *
 * The styles do not depend on the theme colours (antd 6 writes them with CSS variables; the variables themselves are
 * still generated at run time from the user's theme), so one sheet serves every display setting. A component that
 * is not in a sheet is generated at run time as before: the lists below decide speed, never correctness. They are
 * what the login page, the frame (phone and desktop) and home render on their first paint; a component they render
 * later (a dialog, a popup) stays out, the bytes would be paid on every first load.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  ConfigProvider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Layout,
  Menu,
  Segmented,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** The login page: the user layout with the account/phone tabs and their forms. */
function loginScreen(): ReactNode[] {
  return [
    h(Tabs, { key: 'tabs', items: [{ key: 'a', label: 'a' }] }),
    h(
      Form,
      { key: 'form' },
      h(Form.Item, { label: 'a', name: 'a', rules: [{ required: true }] }, h(Input)),
      h(Form.Item, { name: 'b' }, h(Input.Password)),
      h(Form.Item, { name: 'c' }, h(Space.Compact, null, h(Input), h(Button))),
    ),
    h(Button, { key: 'button', type: 'primary' }, 'a'),
    h(Alert, { key: 'alert', title: 'a' }),
    h(Spin, { key: 'spin' }),
    h(Typography.Link, { key: 'link' }, 'a'),
  ];
}

/** The signed-in frame (phone and desktop) and home. */
function signedInScreens(): ReactNode[] {
  return [
    h(
      Layout,
      { key: 'layout' },
      h(Layout.Sider, null, h(Menu, { mode: 'inline', items: [{ key: 'a', label: 'a' }] })),
      h(Layout.Header, null, h(Menu, { mode: 'horizontal', items: [{ key: 'a', label: 'a' }] })),
      h(Layout.Content),
    ),
    h(Drawer, { key: 'drawer', open: false }),
    h(Tabs, { key: 'tabs', type: 'editable-card', items: [{ key: 'a', label: 'a' }] }),
    h(Breadcrumb, { key: 'breadcrumb', items: [{ title: 'a' }] }),
    h(Dropdown, { key: 'dropdown', menu: { items: [{ key: 'a', label: 'a' }] } }, h('span')),
    h(Tooltip, { key: 'tooltip', title: 'a' }, h('span')),
    h(Avatar, { key: 'avatar' }),
    h(Badge, { key: 'badge', count: 1 }),
    h(Button, { key: 'button' }, 'a'),
    h(Typography.Title, { key: 'title' }, 'a'),
    h(Typography.Text, { key: 'text' }, 'a'),
    h(Card, { key: 'card', title: 'a' }, 'a'),
    h(Statistic, { key: 'statistic', value: 1 }),
    h(Segmented, { key: 'segmented', options: ['a'] }),
    h(Skeleton, { key: 'skeleton', active: true }),
    h(Empty, { key: 'empty' }),
    h(Flex, { key: 'flex' }),
    h(Space, { key: 'space' }),
    h(Spin, { key: 'spin' }),
    h(Alert, { key: 'alert', title: 'a' }),
  ];
}

/** The CSS and cache-path map of the given elements' antd styles (antd's default prefix, no theme colours). */
function sheetFor(elements: ReactNode[]): string {
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { locale: zhCN }, ...elements)));
  const css = extractStyle(cache, { plain: true, types: ['style'] });
  // The hash prefix is fixed when cssinjs loads: a development one here would match nothing in the built app.
  if (css.includes('css-dev-only')) throw new Error('antd sheets must be rendered with NODE_ENV=production');
  return css;
}

/** The login page's sheet and the signed-in pages' (frame and home). */
export type AntdSheets = Record<'login' | 'signedIn', string>;

export function antdSheets(): AntdSheets {
  return { login: sheetFor(loginScreen()), signedIn: sheetFor(signedInScreens()) };
}
