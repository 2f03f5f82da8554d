/**
 * 登记 / 编辑 a table dictionary: the table (only the server's registry of business tables), then its 显示字段 and
 * 存储字段 (only that table's registered columns — never a password or token), a description and the 启用 switch.
 * Nothing is typed as SQL and no where clause exists. The shared schema (TableDictAddBody / TableDictEditBody)
 * checks the form before anything is sent; the server checks the names against its registry again.
 */
import { useEffect } from 'react';
import { Flex, Form, Input, Modal, Select, Spin, Switch, Typography } from 'antd';
import {
  TABLE_DICT_LIMITS,
  TABLE_DICT_STATUS,
  TABLE_DICT_TEXT,
  TableDictAddBody,
  TableDictEditBody,
  type TableDictRecord,
} from '@houtai/shared/contract/table-dict';
import { useFeedback } from '../../../lib/feedback.ts';
import { LoadErrorAlert } from '../../../lib/load-error-alert.tsx';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useSaveTableDict, useTableDictColumns, useTableDictTables } from './api/table-dict-api.ts';

export interface TableDictFormValues {
  tableName?: string;
  textField?: string;
  valueField?: string;
  description?: string;
  enabled: boolean;
}

const FIELDS = ['tableName', 'textField', 'valueField', 'description', 'status'] as const;

export function toBody(v: TableDictFormValues): Record<string, unknown> {
  return {
    tableName: v.tableName,
    textField: v.textField,
    valueField: v.valueField,
    description: v.description,
    status: v.enabled ? TABLE_DICT_STATUS.enabled : TABLE_DICT_STATUS.disabled,
  };
}

export interface TableDictFormDialogProps {
  open: boolean;
  record: TableDictRecord | null;
  onClose: () => void;
}

export function TableDictFormDialog({ open, record, onClose }: TableDictFormDialogProps) {
  const [form] = Form.useForm<TableDictFormValues>();
  const { message } = useFeedback();
  const save = useSaveTableDict();
  const tables = useTableDictTables(open);
  const table = Form.useWatch('tableName', form);
  const columns = useTableDictColumns(table);
  const columnOptions = (columns.data ?? []).map((c) => ({ value: c.field, label: `${c.label}（${c.field}）` }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            tableName: record.tableName,
            textField: record.textField,
            valueField: record.valueField,
            description: record.description ?? undefined,
            enabled: record.status === TABLE_DICT_STATUS.enabled,
          }
        : { enabled: true },
    );
  }, [open, record, form]);

  const checkedBody = (values: TableDictFormValues): TableDictAddBody | TableDictEditBody | null => {
    const body = toBody(values);
    const checked = record
      ? checkWithSchema(TableDictEditBody, { ...body, id: record.id, version: record.version })
      : checkWithSchema(TableDictAddBody, body);
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const submit = useFormSubmit<TableDictFormValues, TableDictAddBody | TableDictEditBody, string>({
    form,
    input: checkedBody,
    mutation: save,
    onSuccess: (text) => {
      void message.success(text || (record ? TABLE_DICT_TEXT.edited : TABLE_DICT_TEXT.added));
      onClose();
    },
  });

  return (
    <Modal
      title={record ? '编辑表字典登记' : '登记表字典'}
      width={640}
      open={open}
      okText="保存"
      confirmLoading={submit.submitting}
      onOk={() => void submit.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="table-dict-form-dialog"
    >
      {tables.error ? (
        <LoadErrorAlert title="表列表加载失败" error={tables.error} onRetry={() => void tables.refetch()} />
      ) : null}
      {columns.error ? (
        <LoadErrorAlert title="字段列表加载失败" error={columns.error} onRetry={() => void columns.refetch()} />
      ) : null}
      <ModalForm<TableDictFormValues>
        onSubmit={submit.submit}
        submitting={submit.submitting}
        form={form}
        name="tableDict"
        layout="vertical"
        autoComplete="off"
        onValuesChange={(changed: Partial<TableDictFormValues>) => {
          form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof TableDictFormValues, errors: [] })));
          // Another table: its columns are other ones.
          if ('tableName' in changed) form.setFieldsValue({ textField: undefined, valueField: undefined });
        }}
      >
        <Form.Item label="表" name="tableName" required extra="只能从服务器登记的业务表中选择">
          <Select
            placeholder={TABLE_DICT_TEXT.tableRequired}
            showSearch={{ optionFilterProp: 'label' }}
            loading={tables.isPending}
            notFoundContent={tables.isPending ? <Spin size="small" /> : '暂无可登记的表'}
            options={(tables.data ?? []).map((t) => ({ value: t.tableName, label: `${t.label}（${t.tableName}）` }))}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="显示字段" name="textField" required style={{ flex: '1 1 220px' }}>
            <Select
              placeholder={table ? TABLE_DICT_TEXT.textRequired : '请先选择表'}
              disabled={!table}
              showSearch={{ optionFilterProp: 'label' }}
              loading={!!table && columns.isPending}
              options={columnOptions}
            />
          </Form.Item>
          <Form.Item label="存储字段" name="valueField" required style={{ flex: '1 1 220px' }}>
            <Select
              placeholder={table ? TABLE_DICT_TEXT.valueRequired : '请先选择表'}
              disabled={!table}
              showSearch={{ optionFilterProp: 'label' }}
              loading={!!table && columns.isPending}
              options={columnOptions}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={2} maxLength={TABLE_DICT_LIMITS.descriptionMax} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后，表单不能再按此表字典取值">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        <DictCodePreview />
      </ModalForm>
    </Modal>
  );
}

/** The dictCode a form will name, once the three names are chosen. */
function DictCodePreview() {
  const form = Form.useFormInstance<TableDictFormValues>();
  const t = Form.useWatch('tableName', form);
  const x = Form.useWatch('textField', form);
  const v = Form.useWatch('valueField', form);
  if (!t || !x || !v) return null;
  return (
    <Typography.Text type="secondary" data-testid="table-dict-code">
      字典编码：<Typography.Text code>{`${t},${x},${v}`}</Typography.Text>
    </Typography.Text>
  );
}
