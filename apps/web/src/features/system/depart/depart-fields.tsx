/**
 * The fields of a department (新增 / 添加下级 dialog and the 基本信息 tab). Their limits are the shared contract's;
 * the messages come from the shared schema when the form is checked.
 */
import type { ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { DEPART_LIMITS } from '@houtai/shared/contract/admin-depart';
import { ORG_CATEGORY_OPTIONS } from './depart-form-values.ts';

export interface DepartFieldsProps {
  /** The parent field: read-only text on add, a tree select on edit. */
  parent: ReactNode;
  /** Read-only fields the server owns (机构编码, 机构类型), shown on edit. */
  serverFields?: ReactNode;
  disabled?: boolean;
}

const half = { xs: 24, sm: 12 };

export function DepartFields({ parent, serverFields, disabled = false }: DepartFieldsProps) {
  return (
    <Row gutter={16}>
      <Col {...half}>
        <Form.Item label="机构名称" name="departName" required>
          <Input placeholder="请输入机构名称" maxLength={DEPART_LIMITS.departName} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...half}>{parent}</Col>
      <Col {...half}>
        <Form.Item label="英文名" name="departNameEn">
          <Input placeholder="请输入英文名" maxLength={DEPART_LIMITS.departNameEn} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="缩写" name="departNameAbbr">
          <Input placeholder="请输入缩写" maxLength={DEPART_LIMITS.departNameAbbr} disabled={disabled} />
        </Form.Item>
      </Col>
      {serverFields}
      <Col {...half}>
        <Form.Item label="机构类别" name="orgCategory">
          <Radio.Group options={ORG_CATEGORY_OPTIONS} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="排序" name="departOrder">
          <InputNumber min={0} max={999_999} precision={0} style={{ width: '100%' }} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="手机号" name="mobile">
          <Input placeholder="请输入手机号" maxLength={DEPART_LIMITS.mobile} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item label="传真" name="fax">
          <Input placeholder="请输入传真" maxLength={DEPART_LIMITS.fax} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="地址" name="address">
          <Input placeholder="请输入地址" maxLength={DEPART_LIMITS.address} disabled={disabled} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="备注" name="memo">
          <Input.TextArea rows={3} placeholder="请输入备注" maxLength={DEPART_LIMITS.memo} disabled={disabled} />
        </Form.Item>
      </Col>
    </Row>
  );
}
