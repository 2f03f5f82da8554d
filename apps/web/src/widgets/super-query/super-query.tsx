/**
 * 高级查询: a trigger button and the builder dialog (spec §2.6, §4, §5.5). The dialog is 1000 px wide and fills
 * the screen below 768 px; it opens with one empty row; each row is field / rule / value, the value's control
 * following the field's type (text, number, date, dictionary select with options from `loadOptions`, switch Y/N).
 * 查询 emits the records (arrays joined by commas) and the match type, and the trigger shows that a query is
 * active; 重置 clears it. Queries are saved in the browser under the route key (or a given code).
 *
 * The widget never calls the server: the list page turns the emitted conditions into its request with
 * `encodeSuperQuery` (@houtai/shared/super-query), and the server evaluates them (apps/server/src/registry).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  List,
  Modal,
  Radio,
  Select,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { DeleteOutlined, FilterOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  SUPER_QUERY_RULE_LABELS,
  SUPER_QUERY_TEXT,
  type SavedSuperQuery,
  type SuperQueryMatchType,
  type SuperQueryRecord,
} from '@houtai/shared/super-query';
import { useFeedback } from '../../lib/feedback.ts';
import { ModalForm } from '../../lib/modal-form.tsx';
import { localStore, type TtlStorage } from '../../lib/storage.ts';
import {
  changeField,
  changeRule,
  hasEmptyCondition,
  loadSaved,
  newRow,
  rulesFor,
  storeSaved,
  toRecords,
  toRows,
  withSaved,
  type SuperQueryField,
  type SuperQueryOption,
  type SuperQueryRow,
} from './super-query-model.ts';

export interface SuperQueryProps {
  fields: readonly SuperQueryField[];
  /** Saved queries are kept under this key (the route path, or a code of the list). */
  routeKey: string;
  onSearch: (conditions: SuperQueryRecord[], matchType: SuperQueryMatchType) => void;
  onReset?: () => void;
  /** Whether a query is in force (controlled by the list page); the widget tracks it itself when absent. */
  active?: boolean;
  /** Options of a dictionary field (keep it stable: it is called once per code). */
  loadOptions?: (dictCode: string) => Promise<SuperQueryOption[]>;
  /** Where saved queries are kept (default: localStorage). */
  store?: TtlStorage;
}

const SWITCH_OPTIONS: SuperQueryOption[] = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];

export function SuperQuery({
  fields,
  routeKey,
  onSearch,
  onReset,
  active,
  loadOptions,
  store = localStore,
}: SuperQueryProps) {
  const { message, modal } = useFeedback();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<SuperQueryRow[]>(() => [newRow()]);
  const [matchType, setMatchType] = useState<SuperQueryMatchType>('and');
  const [ownActive, setOwnActive] = useState(false);
  const [saved, setSaved] = useState<SavedSuperQuery[]>(() => loadSaved(store, routeKey));
  const [naming, setNaming] = useState(false);
  const isActive = active ?? ownActive;
  const ids = useId();
  const matchId = `${ids}-match`;
  const savedId = `${ids}-saved`;

  const update = (key: string, change: (r: SuperQueryRow) => SuperQueryRow) =>
    setRows((rs) => rs.map((r) => (r.key === key ? change(r) : r)));

  const search = () => {
    if (hasEmptyCondition(rows)) {
      void message.warning(SUPER_QUERY_TEXT.emptyQuery);
      return;
    }
    const records = toRecords(rows, fields);
    setOwnActive(records.length > 0);
    onSearch(records, matchType);
    setOpen(false);
  };

  const reset = () => {
    setRows([newRow()]);
    setMatchType('and');
    setOwnActive(false);
    onReset?.();
  };

  const startSave = () => {
    if (hasEmptyCondition(rows)) {
      void message.warning(SUPER_QUERY_TEXT.emptySave);
      return;
    }
    setNaming(true);
  };

  const save = (title: string) => {
    const name = title.trim();
    if (name === '') {
      void message.warning(SUPER_QUERY_TEXT.nameRequired);
      return;
    }
    const write = () => {
      const next = withSaved(saved, { title: name, matchType, records: toRecords(rows, fields) });
      storeSaved(store, routeKey, next);
      setSaved(next);
      setNaming(false);
      void message.success('保存成功');
    };
    if (saved.some((q) => q.title === name)) {
      modal.confirm({ title: '提示', content: SUPER_QUERY_TEXT.overwrite(name), okText: '覆盖', onOk: write });
    } else {
      write();
    }
  };

  const apply = (q: SavedSuperQuery) => {
    const restored = toRows(q.records, fields);
    setRows(restored.length > 0 ? restored : [newRow()]);
    setMatchType(q.matchType);
  };

  const remove = (q: SavedSuperQuery) => {
    modal.confirm({
      title: '提示',
      content: SUPER_QUERY_TEXT.deleteConfirm,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => {
        const next = saved.filter((s) => s.title !== q.title);
        storeSaved(store, routeKey, next);
        setSaved(next);
      },
    });
  };

  return (
    <>
      <Tooltip title={isActive ? '已有高级查询条件生效' : undefined}>
        <Badge dot={isActive} data-testid={isActive ? 'super-query-active' : undefined}>
          <Button
            icon={<FilterOutlined />}
            type={isActive ? 'primary' : 'default'}
            ghost={isActive}
            onClick={() => {
              // Another list (or tab) may have saved queries under the same key since.
              setSaved(loadSaved(store, routeKey));
              setOpen(true);
            }}
            aria-label={isActive ? '高级查询（已有高级查询条件生效）' : '高级查询'}
          >
            高级查询
          </Button>
        </Badge>
      </Tooltip>
      <Modal
        title="高级查询构造器"
        open={open}
        onCancel={() => setOpen(false)}
        width={mobile ? '100%' : 1000}
        style={mobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
        styles={mobile ? { body: { minHeight: 'calc(100vh - 160px)' } } : undefined}
        footer={
          <Space wrap>
            <Button onClick={reset}>重置</Button>
            <Button onClick={startSave}>保存查询</Button>
            <Button onClick={() => setOpen(false)}>关闭</Button>
            <Button type="primary" onClick={search}>
              查询
            </Button>
          </Space>
        }
      >
        <div className="super-query" style={{ display: 'flex', gap: 16, flexDirection: mobile ? 'column' : 'row' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Typography.Text id={matchId}>过滤条件匹配：</Typography.Text>
              <Radio.Group
                aria-labelledby={matchId}
                value={matchType}
                onChange={(e) => setMatchType(e.target.value as SuperQueryMatchType)}
                options={[
                  { value: 'and', label: 'AND（所有条件都要求匹配）' },
                  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
                ]}
              />
            </Space>
            {rows.length === 0 ? (
              <Button type="dashed" icon={<PlusCircleOutlined />} onClick={() => setRows([newRow()])}>
                添加条件
              </Button>
            ) : (
              rows.map((row, i) => (
                <ConditionRow
                  key={row.key}
                  index={i + 1}
                  row={row}
                  fields={fields}
                  mobile={mobile}
                  loadOptions={loadOptions}
                  onField={(f) => update(row.key, (r) => changeField(r, f))}
                  onRule={(rule) =>
                    update(row.key, (r) =>
                      changeRule(
                        r,
                        rule,
                        fields.find((f) => f.field === r.field),
                      ),
                    )
                  }
                  onValue={(val) => update(row.key, (r) => ({ ...r, val }))}
                  onAdd={() =>
                    setRows((rs) => {
                      const at = rs.findIndex((r) => r.key === row.key);
                      return [...rs.slice(0, at + 1), newRow(), ...rs.slice(at + 1)];
                    })
                  }
                  onRemove={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                />
              ))
            )}
          </div>
          <section aria-labelledby={savedId} style={{ width: mobile ? '100%' : 240 }}>
            <Typography.Title level={5} id={savedId} style={{ marginTop: 0 }}>
              保存的查询
            </Typography.Title>
            {saved.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
            ) : (
              <List
                size="small"
                bordered
                dataSource={saved}
                renderItem={(q) => (
                  <List.Item
                    data-testid="super-query-saved-item"
                    actions={[
                      <Button
                        key="delete"
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除查询 ${q.title}`}
                        onClick={() => remove(q)}
                      />,
                    ]}
                  >
                    <Button type="link" size="small" onClick={() => apply(q)} aria-label={`使用查询 ${q.title}`}>
                      {q.title}
                    </Button>
                  </List.Item>
                )}
              />
            )}
          </section>
        </div>
      </Modal>
      <SaveNameDialog open={naming} onCancel={() => setNaming(false)} onSave={save} />
    </>
  );
}

interface ConditionRowProps {
  index: number;
  row: SuperQueryRow;
  fields: readonly SuperQueryField[];
  mobile: boolean;
  loadOptions: SuperQueryProps['loadOptions'];
  onField: (field: string) => void;
  onRule: (rule: SuperQueryRow['rule']) => void;
  onValue: (val: SuperQueryRow['val']) => void;
  onAdd: () => void;
  onRemove: () => void;
}

function ConditionRow({
  index,
  row,
  fields,
  mobile,
  loadOptions,
  onField,
  onRule,
  onValue,
  onAdd,
  onRemove,
}: ConditionRowProps) {
  const field = fields.find((f) => f.field === row.field);
  const rules = rulesFor(field?.type);
  const width = mobile ? '100%' : undefined;
  return (
    <Space wrap style={{ display: 'flex', marginBottom: 8 }} data-testid="super-query-row">
      <Select
        aria-label={`第${index}个条件的查询字段`}
        placeholder="选择查询字段"
        style={{ width: width ?? 180 }}
        value={row.field}
        showSearch={{ optionFilterProp: 'label' }}
        options={fields.map((f) => ({ value: f.field, label: f.title }))}
        onChange={onField}
      />
      <Select
        aria-label={`第${index}个条件的匹配规则`}
        placeholder="匹配规则"
        style={{ width: width ?? 130 }}
        value={row.rule}
        options={rules.map((r) => ({ value: r, label: SUPER_QUERY_RULE_LABELS[r] }))}
        onChange={onRule}
      />
      <div style={{ width: width ?? 280 }}>
        <ValueInput index={index} field={field} row={row} loadOptions={loadOptions} onValue={onValue} />
      </div>
      <Button type="text" icon={<PlusCircleOutlined />} aria-label={`在第${index}个条件后添加条件`} onClick={onAdd} />
      <Button type="text" icon={<MinusCircleOutlined />} aria-label={`删除第${index}个条件`} onClick={onRemove} />
    </Space>
  );
}

interface ValueInputProps {
  index: number;
  field: SuperQueryField | undefined;
  row: SuperQueryRow;
  loadOptions: SuperQueryProps['loadOptions'];
  onValue: (val: SuperQueryRow['val']) => void;
}

function ValueInput({ index, field, row, loadOptions, onValue }: ValueInputProps) {
  const label = `第${index}个条件的查询值`;
  const text = typeof row.val === 'string' ? row.val : undefined;
  const common = { 'aria-label': label, style: { width: '100%' } };
  switch (field?.type) {
    case 'number':
      return (
        <InputNumber<string>
          {...common}
          stringMode
          placeholder="请输入数字"
          value={text ?? null}
          onChange={(v) => onValue(v === null ? undefined : String(v))}
        />
      );
    case 'date':
    case 'datetime': {
      const format = field.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      return (
        <DatePicker
          {...common}
          showTime={field.type === 'datetime'}
          format={format}
          placeholder="请选择日期"
          value={text ? dayjs(text, format) : null}
          onChange={(d) => onValue(d ? d.format(format) : undefined)}
        />
      );
    }
    case 'dict':
      return <DictValue common={common} field={field} row={row} loadOptions={loadOptions} onValue={onValue} />;
    case 'switch':
      return (
        <Select
          {...common}
          placeholder="请选择"
          value={text}
          options={SWITCH_OPTIONS}
          onChange={(v: string) => onValue(v)}
        />
      );
    case 'string':
    case undefined:
      return <Input {...common} placeholder="请输入值" value={text ?? ''} onChange={(e) => onValue(e.target.value)} />;
  }
}

function DictValue({
  common,
  field,
  row,
  loadOptions,
  onValue,
}: Omit<ValueInputProps, 'index'> & { field: SuperQueryField; common: { 'aria-label': string; style: object } }) {
  const [loaded, setLoaded] = useState<SuperQueryOption[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const code = field.dictCode;
  useEffect(() => {
    if (field.options || !code || !loadOptions) return;
    let live = true;
    loadOptions(code).then(
      (o) => live && setLoaded(o),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : '字典加载失败'),
    );
    return () => {
      live = false;
    };
  }, [field.options, code, loadOptions]);
  const options = useMemo(() => field.options ?? loaded ?? [], [field.options, loaded]);
  const multiple = row.rule === 'in';
  return (
    <Select
      {...common}
      mode={multiple ? 'multiple' : undefined}
      placeholder={failed ?? '请选择'}
      loading={!field.options && loaded === null && failed === null && !!loadOptions}
      value={row.val}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v: string | string[]) => onValue(v)}
      maxTagCount={1}
    />
  );
}

function SaveNameDialog({
  open,
  onCancel,
  onSave,
}: {
  open: boolean;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const submit = () => onSave((form.getFieldValue('name') as string | undefined) ?? '');
  return (
    <Modal title="请输入保存的名称" open={open} onCancel={onCancel} onOk={submit} destroyOnHidden width={400}>
      <ModalForm form={form} name="super-query-save" onSubmit={submit} layout="vertical" preserve={false}>
        <Form.Item name="name" label="保存名称">
          <Input maxLength={50} />
        </Form.Item>
      </ModalForm>
    </Modal>
  );
}
