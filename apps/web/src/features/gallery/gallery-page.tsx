/**
 * 组件示例 (`/test/home`): every widget of the product with its variants, on real data from the server, so that a
 * widget can be tried, reviewed and tested in the browser in one place. The sections are the files
 * `sections/*-section.tsx` (gallery-section.ts); a section that fails to render shows its error and leaves the
 * others working.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Anchor, Card, Empty, Grid, Typography } from 'antd';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { orderSections, type GallerySection } from './gallery-section.ts';
import './gallery.css';

const SECTIONS = orderSections(
  import.meta.glob<{ section?: GallerySection }>('./sections/*-section.tsx', { eager: true }),
);

class SectionBoundary extends Component<{ title: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`gallery section ${this.props.title}`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <Alert type="error" showIcon message={`${this.props.title}加载失败`} description={this.state.error.message} />
      );
    }
    return this.props.children;
  }
}

export function GalleryPage() {
  useDocumentTitle('组件示例');
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;
  if (SECTIONS.length === 0) return <Empty description="暂无组件示例" />;
  return (
    <div className={wide ? 'gallery gallery--wide' : 'gallery'} data-testid="widget-gallery">
      {wide && (
        <nav className="gallery__nav" aria-label="组件目录">
          <Anchor offsetTop={72} items={SECTIONS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
        </nav>
      )}
      <div className="gallery__sections">
        {SECTIONS.map((s) => (
          <Card
            key={s.id}
            id={s.id}
            className="gallery__section"
            title={
              <Typography.Title level={2} className="gallery__heading">
                {s.title}
              </Typography.Title>
            }
            data-testid={`gallery-${s.id}`}
          >
            {s.description && <Typography.Paragraph type="secondary">{s.description}</Typography.Paragraph>}
            <SectionBoundary title={s.title}>
              <s.Component />
            </SectionBoundary>
          </Card>
        ))}
      </div>
    </div>
  );
}
