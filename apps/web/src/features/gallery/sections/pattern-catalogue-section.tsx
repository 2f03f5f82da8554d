/**
 * Gallery: the shared pattern catalogue (spec widgets §5.3) and the grid presets (§5.2) — one input per rule with
 * its message live, checked by the same `checkPattern` the server applies; plus length and selection bounds.
 */
import { useId, useState } from 'react';
import { Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import {
  CATALOGUE_RULES,
  checkLength,
  checkPattern,
  checkSelection,
  GRID_PRESETS,
  type PatternName,
} from '@houtai/shared/patterns';
import { textWidth } from '@houtai/shared/text-width';
import type { GallerySection } from '../gallery-section.ts';

function RuleInput({ name, title, check }: { name: string; title: string; check: (v: string) => string | null }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched ? check(value) : null;
  return (
    <Form.Item
      label={title}
      htmlFor={id}
      validateStatus={error ? 'error' : touched ? 'success' : undefined}
      help={error ?? (touched ? '通过' : ' ')}
      data-testid={`pattern-${name}`}
    >
      <Input
        id={id}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
      />
    </Form.Item>
  );
}

const OPTIONS = ['甲', '乙', '丙', '丁'].map((v) => ({ label: v, value: v }));

function Demo() {
  const [picked, setPicked] = useState<string[]>([]);
  const [wide, setWide] = useState('');
  const selection = checkSelection(picked, { min: 1, max: 2 });
  const rules = (set: Record<string, { title: string }>) =>
    Object.entries(set).map(([name, rule]) => (
      <Col key={name} xs={24} md={12} xl={8}>
        <RuleInput name={name} title={`${name}：${rule.title}`} check={(v) => checkPattern(name as PatternName, v)} />
      </Col>
    ));
  return (
    <Form layout="vertical" component="div">
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        通用校验规则（§5.3）
      </Typography.Title>
      <Row gutter={16}>
        {rules(CATALOGUE_RULES)}
        <Col xs={24} md={12} xl={8}>
          <RuleInput name="length" title="长度：最小3位、最大8位" check={(v) => checkLength(v, { min: 3, max: 8 })} />
        </Col>
      </Row>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        表格列预设（§5.2）
      </Typography.Title>
      <Row gutter={16}>{rules(GRID_PRESETS)}</Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="多选：最少1项、最多2项"
            validateStatus={selection ? 'error' : 'success'}
            help={selection ?? '通过'}
            data-testid="pattern-selection"
          >
            <Checkbox.Group options={OPTIONS} value={picked} onChange={(v) => setPicked(v)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="文字宽度（非ASCII字符计2）" help={`宽度：${textWidth(wide)}`} htmlFor="pattern-width">
            <Input
              id="pattern-width"
              value={wide}
              onChange={(e) => setWide(e.target.value)}
              data-testid="pattern-width"
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

export const section: GallerySection = {
  id: 'pattern-catalogue',
  title: '校验规则',
  order: 65,
  description: '输入即按共享规则校验并显示提示；服务器用同一套规则。',
  Component: Demo,
};
