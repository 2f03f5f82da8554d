/**
 * Gallery: the cron builders (spec §2.3, §4) — the 608 dialog, the 800 dialog with a text field per field (opened on
 * an existing expression), the week variant with the coupling rules, and CronInput in a form. Each shows the
 * expression it emitted last (test ids cron-value-basic|text|week|input). Pure client work: no server data.
 */
import { useState } from 'react';
import { Button, Form, Space } from 'antd';
import { CronBuilder, type CronBuilderVariant } from '../../../widgets/cron-builder/cron-builder.tsx';
import { CronInput } from '../../../widgets/cron-builder/cron-input.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function BuilderDemo({ variant, label, initial }: { variant: CronBuilderVariant; label: string; initial?: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <Variant label={label} value={value} valueTestId={`cron-value-${variant}`}>
      <Space>
        <Button onClick={() => setOpen(true)} data-testid={`cron-open-${variant}`}>
          打开Cron表达式生成器
        </Button>
      </Space>
      <CronBuilder
        open={open}
        variant={variant}
        value={value}
        onCancel={() => setOpen(false)}
        onOk={(expr) => {
          setValue(expr);
          setOpen(false);
        }}
      />
    </Variant>
  );
}

function InputDemo() {
  const [value, setValue] = useState('0 0 2 * * ?');
  return (
    <Variant
      label="表单输入框 CronInput（文本 + 选择按钮，宽 608 的生成器）"
      value={value}
      valueTestId="cron-value-input"
    >
      <Form layout="vertical" style={{ maxWidth: 420 }}>
        <Form.Item label="执行周期" htmlFor="gallery-cron-input">
          <CronInput id="gallery-cron-input" aria-label="执行周期" value={value} onChange={setValue} />
        </Form.Item>
      </Form>
    </Variant>
  );
}

function CronSection() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <BuilderDemo variant="basic" label="宽 608：秒 分钟 小时 日 月 年（无初始值，默认 * * * * * ? *）" />
      <BuilderDemo
        variant="text"
        label="宽 800：同样的页签 + 每个字段可直接编辑（打开已有表达式）"
        initial="0 0/30 9-17 15W 1,6 ? 2027"
      />
      <BuilderDemo variant="week" label="含周页签：联动规则（周与日互斥，较细单位归零）" initial="0 15 10 ? * 2-6" />
      <InputDemo />
    </Space>
  );
}

export const section: GallerySection = {
  id: 'cron',
  title: 'Cron表达式生成器',
  order: 70,
  description: '三种 Cron 生成器与表单输入框；预览按浏览器时区列出最近10次运行时间（Quartz 规则）。',
  Component: CronSection,
};
