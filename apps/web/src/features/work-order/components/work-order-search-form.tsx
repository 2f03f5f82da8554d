/** The list's search form: 标题, 状态, 优先级, 我的 (指派给我 / 我提交的), with 查询 and 重置; Enter in 标题 searches. */
import { useState } from 'react';
import { Button, Col, Form, Grid, Input, Row, Select, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import {
  WORK_ORDER_LIMITS,
  WORK_ORDER_PRIORITY_DICT,
  WORK_ORDER_STATUS_DICT,
} from '@houtai/shared/contract/work-order-rules';
import type { WorkOrderSearch } from '../api/list-work-orders.ts';
import { useDictOptions } from '../../../lib/dict/use-dict-options.ts';
import { MINE_OPTIONS, PRIORITY_OPTIONS, STATUS_OPTIONS } from '../work-order-labels.ts';

export interface WorkOrderSearchFormProps {
  onSearch: (search: WorkOrderSearch) => void;
}

/** Blank fields are left out of the query. */
export function cleanSearch(values: WorkOrderSearch): WorkOrderSearch {
  const out: WorkOrderSearch = {};
  const title = values.title?.trim();
  if (title) out.title = title;
  if (values.status) out.status = values.status;
  if (values.priority) out.priority = values.priority;
  if (values.mine) out.mine = values.mine;
  return out;
}

export function WorkOrderSearchForm({ onSearch }: WorkOrderSearchFormProps) {
  const [form] = Form.useForm<WorkOrderSearch>();
  const statusOptions = useDictOptions(WORK_ORDER_STATUS_DICT, STATUS_OPTIONS);
  const priorityOptions = useDictOptions(WORK_ORDER_PRIORITY_DICT, PRIORITY_OPTIONS);
  const search = () => onSearch(cleanSearch(form.getFieldsValue()));
  // On a phone 状态 and 优先级 fold away (their values still count) behind 展开.
  const compact = Grid.useBreakpoint().md === false;
  const [expanded, setExpanded] = useState(false);
  const folded = compact && !expanded ? { display: 'none' } : undefined;

  return (
    <Form
      form={form}
      name="workOrderSearch"
      className="work-order-search"
      data-testid="work-order-search"
      onFinish={search}
    >
      <Row gutter={[16, 12]} style={{ width: '100%' }}>
        <Col xs={24} sm={12} lg={6} xl={5}>
          <Form.Item label="标题" name="title" style={{ marginBottom: 0 }}>
            <Input placeholder="请输入标题" allowClear maxLength={WORK_ORDER_LIMITS.title} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6} xl={5} style={folded}>
          <Form.Item label="状态" name="status" style={{ marginBottom: 0 }}>
            <Select placeholder="请选择状态" allowClear options={[...statusOptions]} data-testid="work-order-status" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6} xl={5} style={folded}>
          <Form.Item label="优先级" name="priority" style={{ marginBottom: 0 }}>
            <Select placeholder="请选择优先级" allowClear options={[...priorityOptions]} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6} xl={4}>
          <Form.Item label="我的" name="mine" style={{ marginBottom: 0 }}>
            <Select placeholder="全部" allowClear options={[...MINE_OPTIONS]} data-testid="work-order-mine" />
          </Form.Item>
        </Col>
        {/* The buttons take a line of their own, at its end, until there is room beside the fields (xl). */}
        <Col xs={24} xl={5} style={{ display: 'flex', justifyContent: compact ? 'flex-start' : 'flex-end' }}>
          <Space wrap data-testid="work-order-search-buttons">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="work-order-query">
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
              data-testid="work-order-reset"
            >
              重置
            </Button>
            {compact ? (
              <Button type="link" onClick={() => setExpanded((e) => !e)} style={{ paddingInline: 4 }}>
                {expanded ? '收起' : '展开'}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            ) : null}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
