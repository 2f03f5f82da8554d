/** Frame of the public /user/* pages: title, the page, and the footer with copyright and filing number. */
import { Outlet } from 'react-router';
import { Layout, Typography } from 'antd';
import { COMPANY_NAME } from '@houtai/shared/constants';
import { getRuntimeConfig } from '../lib/runtime-config.ts';

export function UserLayout() {
  const { copyright, filingNumber } = getRuntimeConfig();
  return (
    <Layout style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Layout.Content style={{ padding: '96px 16px 24px' }}>
        <div style={{ textAlign: 'center', marginBottom: 40 }}>
          <Typography.Title level={2} style={{ marginBottom: 8 }}>
            {COMPANY_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">企业后台管理系统</Typography.Text>
        </div>
        <div style={{ width: 368, maxWidth: '100%', margin: '0 auto' }}>
          <Outlet />
        </div>
      </Layout.Content>
      <Layout.Footer
        style={{ textAlign: 'center', background: 'transparent', color: 'rgba(0,0,0,0.45)' }}
        data-testid="user-footer"
      >
        {copyright && <div>{copyright}</div>}
        {filingNumber && <div>{filingNumber}</div>}
      </Layout.Footer>
    </Layout>
  );
}
