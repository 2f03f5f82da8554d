/**
 * 新增 / 编辑 / 添加下级 of the menu tree, driven by the node's type: a 一级菜单 or 子菜单 (a screen or a group:
 * path, 前端组件 from the client's screens or typed, icon, route switches; a 子菜单 under a chosen menu) or a
 * 按钮/权限 (a permission code, checked for duplicates when the field is left, its 授权策略 and 状态). The shared
 * schema (MenuAddBody / MenuEditBody) checks the form before anything is sent; the server checks it again.
 */
import { useEffect, useId } from 'react';
import { AutoComplete, Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect } from 'antd';
import { CheckPermQuery, MENU_LIMITS, MENU_TEXT, MenuAddBody, MenuEditBody } from '@houtai/shared/contract/admin-menu';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useAddMenu } from './api/add-menu.ts';
import { checkPermDuplication, type PermDuplicationQuery } from './api/check-perm-duplication.ts';
import { useEditMenu } from './api/edit-menu.ts';
import { componentSuggestions } from './component-options.ts';
import { IconPicker } from './icon-picker.tsx';
import { MENU_TYPE_OPTIONS, PERMS_TYPE_OPTIONS, STATUS_OPTIONS, menuTypeOf, type MenuType } from './labels.ts';
import { parentNodes, type MenuRow, type ParentNode } from './menu-tree.ts';

export const MENU_DIALOG_WIDTH = 600;
/** The switches sit in a grid, each with its label above. */
const SWITCH_ITEM = { layout: 'vertical', labelCol: { span: 24 }, wrapperCol: { span: 24 } } as const;

export interface MenuFormValues {
  menuType: MenuType;
  name?: string;
  parentId?: string | undefined;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  sortNo?: number | null;
  route?: boolean;
  keepAlive?: boolean;
  hidden?: boolean;
  hideTab?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  perms?: string;
  permsType?: string;
  status?: string;
}

const FIELDS = [
  'menuType',
  'name',
  'parentId',
  'url',
  'component',
  'componentName',
  'redirect',
  'icon',
  'sortNo',
  'route',
  'keepAlive',
  'hidden',
  'hideTab',
  'alwaysShow',
  'internalOrExternal',
  'perms',
  'permsType',
  'status',
] as const;

/** What the dialog does: a new node (maybe under a parent: 添加下级) or an existing one edited. */
export type MenuEditing = { kind: 'add'; parent: MenuRow | null } | { kind: 'edit'; record: MenuRow };

function toValues(editing: MenuEditing): MenuFormValues {
  if (editing.kind === 'add') {
    return {
      menuType: editing.parent ? 1 : 0,
      parentId: editing.parent?.id,
      sortNo: 1,
      route: true,
      keepAlive: false,
      hidden: false,
      hideTab: false,
      alwaysShow: false,
      internalOrExternal: false,
      permsType: '1',
      status: '1',
    };
  }
  const r = editing.record;
  const opt = (v: string | null) => v ?? undefined;
  return {
    menuType: menuTypeOf(r.menuType),
    name: r.name,
    parentId: opt(r.parentId),
    url: opt(r.url),
    component: opt(r.component),
    componentName: opt(r.componentName),
    redirect: opt(r.redirect),
    icon: opt(r.icon),
    sortNo: r.sortNo,
    route: r.route,
    keepAlive: r.keepAlive,
    hidden: r.hidden,
    hideTab: r.hideTab,
    alwaysShow: r.alwaysShow,
    internalOrExternal: r.internalOrExternal,
    perms: opt(r.perms),
    permsType: r.permsType || '1',
    status: r.status || '1',
  };
}

/**
 * The form as the wire body: a menu sends its route fields, a button its code; a 一级菜单 no parent. The server
 * clears text fields an edit leaves out, so the description (not on this form) goes back as it was.
 */
export function toBody(v: MenuFormValues, record: MenuRow | null): Record<string, unknown> {
  const common = {
    menuType: v.menuType,
    name: v.name ?? '',
    sortNo: v.sortNo ?? undefined,
    description: record?.description ?? undefined,
    ...(record ? { id: record.id, version: record.version } : {}),
  };
  if (v.menuType === 2) {
    return { ...common, parentId: v.parentId, perms: v.perms, permsType: v.permsType, status: v.status };
  }
  return {
    ...common,
    parentId: v.menuType === 1 ? v.parentId : undefined,
    url: v.url,
    component: v.component,
    componentName: v.componentName,
    redirect: v.redirect,
    icon: v.icon,
    route: v.route,
    keepAlive: v.keepAlive,
    hidden: v.hidden,
    hideTab: v.hideTab,
    alwaysShow: v.alwaysShow,
    internalOrExternal: v.internalOrExternal,
  };
}

/**
 * A field the server checks for duplicates when it is left (JeecgBoot's checkPermDuplication): a taken code or
 * path gets the server's message, a malformed one the shared schema's. Only advice: the save's own checks (the
 * schema here, the server's refusal of a taken code) decide. An HTTP failure says nothing (the catalogue did).
 */
async function duplicateCheck(field: 'perms' | 'url', value: unknown, id: string | undefined): Promise<string | null> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  const query: PermDuplicationQuery = { id, [field]: text };
  const format = CheckPermQuery.safeParse(query);
  if (!format.success) return format.error.issues[0]?.message ?? MENU_TEXT.permsInvalid;
  try {
    await checkPermDuplication(query);
    return null;
  } catch (e) {
    return failureText(e);
  }
}

interface ParentSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  treeData: ParentNode[];
}

function ParentSelect({ id, value, onChange, treeData }: ParentSelectProps) {
  const autoId = useId();
  const listId = `${id ?? autoId}_list`;
  return (
    <TreeSelect
      id={id}
      // The input's aria-controls names `${id}_list`, which antd's tree popup does not carry: the wrapper does.
      popupRender={(menu) => <div id={listId}>{menu}</div>}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v)}
      treeData={treeData}
      showSearch
      treeNodeFilterProp="title"
      allowClear
      placeholder="请选择上级菜单"
      listHeight={320}
      style={{ width: '100%' }}
      data-testid="menu-parent-select"
    />
  );
}

export interface MenuFormDialogProps {
  /** Null: closed. */
  editing: MenuEditing | null;
  /** The tree, for the parent picker. */
  rows: readonly MenuRow[];
  onClose: () => void;
}

export function MenuFormDialog({ editing, rows, onClose }: MenuFormDialogProps) {
  const [form] = Form.useForm<MenuFormValues>();
  const { message } = useFeedback();
  const add = useAddMenu();
  const edit = useEditMenu();
  const open = editing !== null;
  const record = editing?.kind === 'edit' ? editing.record : null;
  const menuType = Form.useWatch('menuType', form) ?? (editing ? toValues(editing).menuType : 0);
  const typedComponent = Form.useWatch('component', form);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(toValues(editing));
  }, [editing, form]);

  const checkOnBlur = (field: 'perms' | 'url') => async () => {
    const value: unknown = form.getFieldValue(field);
    const refused = await duplicateCheck(field, value, record?.id);
    // Only if the field still holds what was checked.
    if (refused && form.getFieldValue(field) === value) form.setFields([{ name: field, errors: [refused] }]);
  };

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: MenuFormValues): MenuAddBody | MenuEditBody | null => {
    const body = toBody(values, record);
    const checked = record ? checkWithSchema(MenuEditBody, body) : checkWithSchema(MenuAddBody, body);
    if (checked.ok) return checked.value;
    const rest = showFieldErrors(form, checked.errors, FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (body: MenuAddBody | MenuEditBody) =>
        'id' in body ? edit.mutateAsync(body) : add.mutateAsync(body),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text);
      onClose();
    },
    onFailure: (text) => {
      // The server's refusals of one field are shown on it as well.
      if (text === MENU_TEXT.permsTaken || text === MENU_TEXT.protectedCode)
        form.setFields([{ name: 'perms', errors: [text] }]);
      if (text === MENU_TEXT.parentNotFound || text === MENU_TEXT.parentIsButton)
        form.setFields([{ name: 'parentId', errors: [text] }]);
      void message.warning(text);
    },
  });

  const title = !editing
    ? ''
    : editing.kind === 'edit'
      ? '编辑菜单'
      : editing.parent
        ? `添加下级：${editing.parent.name}`
        : '新增菜单';
  const isButton = menuType === 2;

  return (
    <Modal
      title={title}
      width={MENU_DIALOG_WIDTH}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="menu-form-dialog"
    >
      <ModalForm
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="menu"
        layout="horizontal"
        labelCol={{ xs: { span: 24 }, sm: { span: 6 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 18 } }}
        autoComplete="off"
      >
        <Form.Item label="菜单类型" name="menuType">
          <Radio.Group options={MENU_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item label={isButton ? '按钮名称' : '菜单名称'} name="name" required>
          <Input placeholder={isButton ? '请输入按钮名称' : '请输入菜单名称'} maxLength={MENU_LIMITS.name} />
        </Form.Item>
        {menuType !== 0 && (
          <Form.Item label="上级菜单" name="parentId" required={menuType === 1}>
            <ParentSelect treeData={parentNodes(rows, record?.id ?? null)} />
          </Form.Item>
        )}
        {isButton ? (
          <>
            <Form.Item label="授权标识" name="perms" extra="多个用逗号分隔，如 user:add">
              <Input
                placeholder="请输入授权标识，如 user:add"
                maxLength={MENU_LIMITS.perms}
                onBlur={() => void checkOnBlur('perms')()}
              />
            </Form.Item>
            <Form.Item label="授权策略" name="permsType">
              <Radio.Group options={PERMS_TYPE_OPTIONS} />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Radio.Group options={STATUS_OPTIONS} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label="访问路径" name="url" required>
              <Input
                placeholder="请输入访问路径，如 /isystem/user"
                maxLength={MENU_LIMITS.url}
                onBlur={() => void checkOnBlur('url')()}
              />
            </Form.Item>
            <Form.Item label="前端组件" name="component">
              <AutoComplete
                options={componentSuggestions(typedComponent)}
                placeholder="请选择或输入前端组件"
                allowClear
              />
            </Form.Item>
            <Form.Item label="组件名称" name="componentName">
              <Input placeholder="选填，如 isystem-user" maxLength={MENU_LIMITS.componentName} />
            </Form.Item>
            <Form.Item label="默认跳转地址" name="redirect">
              <Input placeholder="选填，以 / 开头" maxLength={MENU_LIMITS.url} />
            </Form.Item>
            <Form.Item label="菜单图标" name="icon">
              <IconPicker />
            </Form.Item>
          </>
        )}
        <Form.Item label="排序" name="sortNo">
          <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} placeholder="请输入排序号" />
        </Form.Item>
        {!isButton && (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', columnGap: 16 }}>
            <Form.Item label="是否路由菜单" name="route" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="隐藏路由" name="hidden" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="隐藏Tab" name="hideTab" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="是否缓存路由" name="keepAlive" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="聚合路由" name="alwaysShow" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="打开方式" name="internalOrExternal" valuePropName="checked" {...SWITCH_ITEM}>
              <Switch checkedChildren="外部" unCheckedChildren="内部" />
            </Form.Item>
          </div>
        )}
      </ModalForm>
    </Modal>
  );
}
