/** Frame of the public /user/* pages: title, the page, and the footer with copyright and filing number. */
import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { theme } from 'antd';
import { COMPANY_NAME } from '@houtai/shared/constants';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

// Plain elements styled from the theme's tokens: the login page is the first screen, and antd's Layout and
// Typography would add their code to it for a title and a footer.
export function UserLayout() {
  const { copyright, filingNumber } = getRuntimeConfig();
  const { token } = theme.useToken();
  return (
    <div
      className="houtai-user-layout"
      style={
        {
          minHeight: '100vh',
          background: '#f0f2f5',
          display: 'flex',
          flexDirection: 'column',
          fontFamily: token.fontFamily,
          fontSize: token.fontSize,
          color: token.colorText,
          // Links of the /user/* pages take the theme's link colours (global.css).
          '--houtai-link': token.colorLink,
          '--houtai-link-hover': token.colorLinkHover,
        } as CSSProperties
      }
    >
      <main style={{ flex: 1, padding: '96px 16px 24px' }}>
        <div style={{ textAlign: 'center', marginBottom: 40 }}>
          <h1
            style={{
              margin: '0 0 8px',
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {COMPANY_NAME}
          </h1>
          <div style={{ color: token.colorTextSecondary, fontSize: token.fontSize }}>企业后台管理系统</div>
        </div>
        <div style={{ width: 368, maxWidth: '100%', margin: '0 auto' }}>
          <Outlet />
        </div>
      </main>
      <footer
        style={{
          textAlign: 'center',
          padding: '24px 50px',
          color: token.colorTextDescription,
          fontSize: token.fontSize,
        }}
        data-testid="user-footer"
      >
        {copyright && <div>{copyright}</div>}
        {filingNumber && <div>{filingNumber}</div>}
      </footer>
    </div>
  );
}
