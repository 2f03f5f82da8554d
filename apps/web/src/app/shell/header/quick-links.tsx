/**
 * Quick links to the three external systems (spec 000 §2.5): addresses from the runtime config's
 * externalLinks; a link without an address is left out, and with none the component renders nothing.
 * Props: `compact` shows icon-only buttons (titles in tooltips and aria-labels); by default it is on below
 * antd's lg breakpoint (992 px). The header passes it on tablets, phones and in the top-menu layout.
 */
import type { ReactNode } from 'react';
import { Button, Grid, Space, Tooltip, Typography } from 'antd';
import { AccountBookOutlined, CarOutlined, ShopOutlined } from '@ant-design/icons';
import { QUICK_LINK_TITLES } from '@houtai/shared/constants';
import { getRuntimeConfig, type ExternalLinks } from '../../../lib/runtime-config.ts';

type QuickLinkKey = keyof typeof QUICK_LINK_TITLES;

const ICONS: Record<QuickLinkKey, ReactNode> = {
  accounting: <AccountBookOutlined />,
  warehouse: <ShopOutlined />,
  logistics: <CarOutlined />,
};

export interface QuickLink {
  key: QuickLinkKey;
  title: string;
  url: string;
}

export function quickLinksFrom(links: ExternalLinks): QuickLink[] {
  return (Object.keys(QUICK_LINK_TITLES) as QuickLinkKey[])
    .filter((key) => !!links[key])
    .map((key) => ({ key, title: QUICK_LINK_TITLES[key], url: links[key] }));
}

export function QuickLinks({ compact }: { compact?: boolean }) {
  const screens = Grid.useBreakpoint();
  const iconsOnly = compact ?? !screens.lg;
  const links = quickLinksFrom(getRuntimeConfig().externalLinks);
  if (links.length === 0) return null;
  if (iconsOnly) {
    // Icon buttons: a finger-sized target each, the title in the tooltip and the accessible name.
    return (
      <div data-testid="header-quick-links" style={{ display: 'flex', alignItems: 'center', flex: 'none' }}>
        {links.map((link) => (
          <Tooltip key={link.key} title={link.title}>
            <Button
              type="link"
              icon={ICONS[link.key]}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={link.title}
              data-testid={`quick-link-${link.key}`}
            />
          </Tooltip>
        ))}
      </div>
    );
  }
  return (
    <Space size="middle" data-testid="header-quick-links">
      {links.map((link) => (
        <Typography.Link
          key={link.key}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`quick-link-${link.key}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {ICONS[link.key]}
          <span style={{ marginInlineStart: 4 }}>{link.title}</span>
        </Typography.Link>
      ))}
    </Space>
  );
}
