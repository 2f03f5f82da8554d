/**
 * Gallery: the area picker (cascader, linked selects, province and city only) with the code and the joined text
 * it emits, and what a wrong `type` does (on demand): the widget throws 'Bad type value' and the boundary shows it.
 */
import { Component, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Row } from 'antd';
import { AreaPicker, type AreaPickerProps } from '../../../widgets/area-picker/area-picker.tsx';
import { Variant } from '../gallery-variant.tsx';
import type { GallerySection } from '../gallery-section.ts';

const COL = { xs: 24, md: 12, xl: 8 } as const;

class ShowError extends Component<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  override render() {
    return this.state.error ? (
      <Alert type="error" showIcon message={this.state.error} data-testid="area-bad-type" />
    ) : (
      this.props.children
    );
  }
}

/** A picker holding its value, shown with its text. */
function Held({
  label,
  testId,
  initial = '',
  ...props
}: AreaPickerProps & { label: string; testId: string; initial?: string }) {
  const [value, setValue] = useState({ code: initial, text: '' });
  return (
    <Variant
      label={label}
      value={value.text ? `${value.code}（${value.text}）` : value.code}
      valueTestId={`${testId}-value`}
    >
      <AreaPicker
        {...props}
        value={value.code}
        onChange={(code, text) => setValue({ code, text })}
        aria-label={label}
        data-testid={testId}
      />
    </Variant>
  );
}

function AreaPickers() {
  const badType = { type: 'tree' } as unknown as AreaPickerProps;
  // On demand: a thrown render error is also logged to the console, which a visit of the page should not do.
  const [showBad, setShowBad] = useState(false);
  return (
    <Row gutter={[24, 8]}>
      <Col {...COL}>
        <Held label="省市区（级联）" testId="area-cascader" />
      </Col>
      <Col {...COL}>
        <Held label="已有值 440305" testId="area-initial" initial="440305" />
      </Col>
      <Col {...COL}>
        <Held label="省市（level 2）" testId="area-city" level={2} />
      </Col>
      <Col xs={24}>
        <Held label="联动下拉（type select）" testId="area-select" type="select" />
      </Col>
      <Col {...COL}>
        <Variant label="错误的 type">
          {showBad ? (
            <ShowError>
              <AreaPicker {...badType} aria-label="错误的类型" />
            </ShowError>
          ) : (
            <div>
              <Button onClick={() => setShowBad(true)} data-testid="area-show-bad-type">
                演示错误的 type
              </Button>
            </div>
          )}
        </Variant>
      </Col>
    </Row>
  );
}

export const section: GallerySection = {
  id: 'area-picker',
  title: '省市区选择',
  order: 13,
  description: '数据来自 china-area-data（根 86），首次使用时才加载；值为最后一级的行政区划代码。',
  Component: AreaPickers,
};
