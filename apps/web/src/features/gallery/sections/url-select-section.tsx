/** Gallery: the url-select on server URLs (the department and user table dictionaries), showing its value. */
import { useState } from 'react';
import { Col, Row } from 'antd';
import { getEnvelope } from '../../../lib/api/dict.ts';
import { UrlSelect } from '../../../widgets/url-select/url-select.tsx';
import { Variant } from '../gallery-variant.tsx';
import type { GallerySection } from '../gallery-section.ts';

const COL = { xs: 24, md: 12, xl: 8 } as const;

function UrlSelects() {
  const [depart, setDepart] = useState<string>('');
  const [user, setUser] = useState<string>('');
  return (
    <Row gutter={[24, 8]}>
      <Col {...COL}>
        <Variant
          label="部门（/sys/dict/loadDict/sys_depart,depart_name,id）"
          value={depart}
          valueTestId="url-select-depart-value"
        >
          <UrlSelect
            url="/sys/dict/loadDict/sys_depart,depart_name,id"
            request={getEnvelope}
            value={depart}
            onChange={setDepart}
            aria-label="部门URL下拉"
            data-testid="url-select-depart"
          />
        </Variant>
      </Col>
      <Col {...COL}>
        <Variant
          label="用户（/sys/dict/loadDict/sys_user,realname,username）"
          value={user}
          valueTestId="url-select-user-value"
        >
          <UrlSelect
            url="/sys/dict/loadDict/sys_user,realname,username"
            request={getEnvelope}
            value={user}
            onChange={setUser}
            aria-label="用户URL下拉"
            data-testid="url-select-user"
          />
        </Variant>
      </Col>
    </Row>
  );
}

export const section: GallerySection = {
  id: 'url-select',
  title: 'URL 下拉',
  order: 12,
  description: '选项来自可配置的地址：输入时带 keyword 查询（500 ms 防抖），读取 success、result、message。',
  Component: UrlSelects,
};
