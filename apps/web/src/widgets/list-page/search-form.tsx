/**
 * A list screen's filter row: the fields in one inline form, then 查询 (submits, Enter in a field does too) and 重置
 * (clears the fields, then tells the list). One place for what every administration list repeated.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';

export interface SearchFormProps<T> {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  /** After the fields were cleared. */
  onReset: () => void;
  children: ReactNode;
  name?: string | undefined;
  style?: CSSProperties | undefined;
  'data-testid'?: string | undefined;
}

export function SearchForm<T>({ form, onSearch, onReset, children, name, style, ...rest }: SearchFormProps<T>) {
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      onFinish={onSearch}
      style={{ rowGap: 12, ...style }}
      data-testid={rest['data-testid']}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
