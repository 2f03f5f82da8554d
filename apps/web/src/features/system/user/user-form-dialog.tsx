/**
 * 新增 / 编辑 a user: account, password and confirm (新增 only), name, 工号 (generated on request), contacts, sex,
 * birthday, departments with the managed ones of a 上级, roles, positions, settlement organisations and the avatar.
 * The username is checked on blur (checkOnlyUser); the shared schemas (UserAddBody, UserEditBody) check the form
 * before it is sent, with the server's messages; the server checks it again.
 */
import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import {
  USER_IDENTITY,
  UserAddBody,
  UserEditBody,
  type UserAddBody as UserAddInput,
  type UserEditBody as UserEditInput,
} from '@houtai/shared/contract/admin-user';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import { checkUsername } from '@houtai/shared/validation';
import { commonUpload } from '../../../lib/common-upload.ts';
import { useDictOptions } from '../../../lib/dict/use-dict-options.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { ModalForm } from '../../../lib/modal-form.tsx';
import { resolveStaticUrl } from '../../../lib/static-url.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { DepartPicker } from '../../../widgets/depart-picker/depart-picker.tsx';
import { DictSearchSelect } from '../../../widgets/dict-search-select/dict-search-select.tsx';
import { FileUpload, type UploadTransport } from '../../../widgets/upload/file-upload.tsx';
import { usernameTakenMessage } from './api/check-only-user.ts';
import { DEPART_LOADERS, POSITION_OPTIONS, SETTLEMENT_ORG_OPTIONS, useRoleOptions } from './api/form-options.ts';
import { generateUserId } from './api/generate-user-id.ts';
import type { UserForEdit } from './api/get-user.ts';
import { useAddUser, useEditUser } from './api/save-user.ts';
import { IDENTITY_OPTIONS, SEX_OPTIONS } from './labels.ts';
import { toFormValues, toWireBody, USER_FORM_FIELDS, type UserFormValues } from './user-form.ts';

export const USER_DIALOG_WIDTH = 800;

const uploadAvatar: UploadTransport = (file, opts) => commonUpload(file, { ...opts, biz: 'avatar' });

export interface UserFormDialogProps {
  open: boolean;
  /** The user to edit (as queryById, queryUserRole and userDepartList read it); null for a new one. */
  source: UserForEdit | null;
  onClose: () => void;
}

type Body = { kind: 'add'; body: UserAddInput } | { kind: 'edit'; body: UserEditInput };

export function UserFormDialog({ open, source, onClose }: UserFormDialogProps) {
  const [form] = Form.useForm<UserFormValues>();
  const { message } = useFeedback();
  const add = useAddUser();
  const edit = useEditUser();
  const roles = useRoleOptions(open);
  const sexOptions = useDictOptions('sex', SEX_OPTIONS);
  const identity = Form.useWatch('userIdentity', form);
  const [generating, setGenerating] = useState(false);
  const user = source?.user ?? null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(source));
  }, [open, source, form]);

  /** The form as the shared schema's body; its refusals go to their fields (null: nothing is sent). */
  const checkedBody = (values: UserFormValues): Body | null => {
    const wire = toWireBody(values, user ? { id: user.id, version: user.version } : null);
    const checked = user ? checkWithSchema(UserEditBody, wire) : checkWithSchema(UserAddBody, wire);
    if (checked.ok)
      return user
        ? { kind: 'edit', body: checked.value as UserEditInput }
        : { kind: 'add', body: checked.value as UserAddInput };
    const rest = showFieldErrors(form, checked.errors, USER_FORM_FIELDS);
    if (rest.length) void message.warning(rest.join('；'));
    return null;
  };

  const save = useFormSubmit({
    form,
    input: checkedBody,
    mutation: {
      mutateAsync: (b: Body) => (b.kind === 'edit' ? edit.mutateAsync(b.body) : add.mutateAsync(b.body)),
      isPending: add.isPending || edit.isPending,
    },
    onSuccess: (text) => {
      void message.success(text || (user ? ADMIN_TEXT.edited : ADMIN_TEXT.added));
      onClose();
    },
  });

  const fillWorkNo = async () => {
    setGenerating(true);
    try {
      form.setFieldsValue({ workNo: await generateUserId() });
      void form.validateFields(['workNo']).catch(() => undefined);
    } catch (e) {
      const text = failureText(e);
      if (text) void message.warning(text);
    } finally {
      setGenerating(false);
    }
  };

  const half = { xs: 24, md: 12 };
  return (
    <Modal
      title={user ? '编辑用户' : '新增用户'}
      width={USER_DIALOG_WIDTH}
      open={open}
      okText="保存"
      confirmLoading={save.submitting}
      onOk={() => void save.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="user-form-dialog"
    >
      <ModalForm<UserFormValues>
        onSubmit={save.submit}
        submitting={save.submitting}
        form={form}
        name="user"
        layout="vertical"
        autoComplete="off"
      >
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="用户账号"
              name="username"
              required
              validateTrigger={['onChange', 'onBlur']}
              rules={
                user
                  ? []
                  : [
                      {
                        validator: async (_, v: string | undefined) => {
                          const m = checkUsername(v?.trim());
                          if (m) throw new Error(m);
                        },
                      },
                      {
                        // The server's answer once the name is complete (on blur, and again on 保存).
                        validateTrigger: 'onBlur',
                        validator: async (_, v: string | undefined) => {
                          const name = v?.trim();
                          if (!name || checkUsername(name)) return;
                          const taken = await usernameTakenMessage(name).catch(() => null);
                          if (taken) throw new Error(taken);
                        },
                      },
                    ]
              }
            >
              <Input placeholder="请输入用户账号" disabled={user !== null} maxLength={64} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="用户姓名" name="realname" required>
              <Input placeholder="请输入用户姓名" maxLength={100} />
            </Form.Item>
          </Col>
          {!user && (
            <>
              <Col {...half}>
                <Form.Item label="登录密码" name="password" required>
                  <Input.Password placeholder="请输入登录密码" autoComplete="new-password" maxLength={64} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item label="确认密码" name="confirmpassword" required>
                  <Input.Password placeholder="请再次输入登录密码" autoComplete="new-password" maxLength={64} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col {...half}>
            <Form.Item label="工号" htmlFor="user_workNo">
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="workNo" noStyle>
                  <Input placeholder="请输入工号" maxLength={64} />
                </Form.Item>
                {!user && (
                  <Button onClick={() => void fillWorkNo()} loading={generating}>
                    生成
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="手机号" name="phone" required>
              <Input placeholder="请输入手机号" maxLength={11} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="邮箱" name="email">
              <Input placeholder="请输入邮箱" maxLength={100} inputMode="email" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="座机" name="telephone">
              <Input placeholder="请输入座机号" maxLength={32} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="性别" name="sex">
              <Select placeholder="请选择性别" allowClear options={[...sexOptions]} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="生日" name="birthday">
              <DatePicker format="YYYY-MM-DD" placeholder="请选择生日" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="所属部门" name="selecteddeparts">
              <DepartPicker loaders={DEPART_LOADERS} multiple placeholder="请选择部门" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="身份" name="userIdentity">
              <Radio.Group options={IDENTITY_OPTIONS} />
            </Form.Item>
          </Col>
          {identity === USER_IDENTITY.manager && (
            <Col {...half}>
              <Form.Item label="负责部门" name="departIds">
                <DepartPicker loaders={DEPART_LOADERS} multiple placeholder="请选择负责部门" />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item label="角色" name="selectedroles">
              <Select
                mode="multiple"
                placeholder="请选择角色"
                allowClear
                optionFilterProp="label"
                loading={roles.isLoading}
                options={roles.data ?? []}
                notFoundContent={roles.error ? roles.error.message : undefined}
                data-testid="user-roles"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="职务" name="post">
              <DictSearchSelect loader={POSITION_OPTIONS} placeholder="输入名称搜索职务" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="结算组织" name="settlementOrgIds">
              <DictSearchSelect loader={SETTLEMENT_ORG_OPTIONS} placeholder="输入名称搜索结算组织" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="头像" name="avatar">
              <FileUpload
                kind="image"
                biz="avatar"
                maxCount={1}
                upload={uploadAvatar}
                resolveUrl={resolveStaticUrl}
                aria-label="上传头像"
              />
            </Form.Item>
          </Col>
        </Row>
      </ModalForm>
    </Modal>
  );
}
