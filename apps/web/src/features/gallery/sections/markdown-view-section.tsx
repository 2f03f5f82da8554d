/** Gallery: the Markdown view (sanitised rendering of Markdown or HTML), lazy like everywhere it is used. */
import { Col, Row } from 'antd';
import { MarkdownView } from '../../../widgets/markdown/markdown-lazy.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const MARKDOWN = `### 通知

请于**本周五**前提交：

1. 报销单
2. [填写说明](https://example.com)

| 项目 | 金额 |
| --- | ---: |
| 差旅 | 1,200.00 |

<script>alert('不会执行')</script>`;

const HTML =
  '<p>HTML 内容同样经过净化：<a href="javascript:alert(1)">危险链接</a><img src="x" onerror="alert(1)" alt="坏图片"></p>';

function Demo() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Variant label="Markdown">
          <MarkdownView text={MARKDOWN} />
        </Variant>
      </Col>
      <Col xs={24} md={12}>
        <Variant label="HTML（format=html）">
          <MarkdownView text={HTML} format="html" />
        </Variant>
      </Col>
    </Row>
  );
}

export const section: GallerySection = {
  id: 'markdown-view',
  title: 'Markdown 显示',
  order: 86,
  Component: Demo,
};
