/**
 * 通知横幅 (/isystem/noticeBanner): the administrator turns the scrolling notice on or off and writes its text
 * (config SYSTEM_NOTIFICATIONS; spec §2.3, §3). Saving pushes the change to every open banner at once
 * (`cmd: 'notice'`). The text is plain text; the shared schema checks it here and on the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Switch, theme, Typography } from 'antd';
import {
  ANNOUNCEMENT_PERMISSIONS,
  ANNOUNCEMENT_TEXT,
  NOTICE_CONTENT_MAX,
  NoticeBannerBody,
} from '@houtai/shared/contract/announcement';
import { useFeedback } from '../../../lib/feedback.ts';
import { useHasPermission } from '../../../lib/permissions/index.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { checkWithSchema, showFieldErrors } from '../../../lib/zod-form.ts';
import { useEditNoticeBanner } from './api/edit-notice-banner.ts';
import { getNoticeBanner } from './api/get-notice-banner.ts';

interface Values {
  on: boolean;
  content: string;
}

export function NoticeBannerAdminPage() {
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const { message } = useFeedback();
  const canEdit = useHasPermission(ANNOUNCEMENT_PERMISSIONS.noticeEdit);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const on = Form.useWatch('on', form);
  const content = Form.useWatch('content', form);

  // Loaded straight into the form (not a cached query): the form is the page's copy of the setting.
  useEffect(() => {
    let current = true;
    getNoticeBanner().then(
      (notice) => {
        if (!current) return;
        form.setFieldsValue({ on: notice.status !== '0', content: notice.content });
        setState('ready');
      },
      (e: unknown) => {
        if (!current) return;
        setLoadError(e instanceof Error ? e.message : '获取通知横幅失败');
        setState('error');
      },
    );
    return () => {
      current = false;
    };
  }, [form, attempt]);

  const retry = useCallback(() => {
    setState('loading');
    setAttempt((n) => n + 1);
  }, []);

  const save = useFormSubmit({
    mutation: useEditNoticeBanner(),
    input: (v: Values) => {
      const checked = checkWithSchema(NoticeBannerBody, { status: v.on ? '1' : '0', content: v.content ?? '' });
      if (checked.ok) return checked.value;
      const rest = showFieldErrors(form, checked.errors, ['content']);
      if (rest.length) void message.warning(rest.join('；'));
      return null;
    },
    onSuccess: (text) => void message.success(text || ANNOUNCEMENT_TEXT.noticeSaved),
  });

  return (
    <Card variant="borderless" data-testid="notice-banner-admin-page" style={{ maxWidth: 880 }}>
      <Typography.Paragraph type="secondary">
        开启后，所有已登录用户的页面顶部会滚动显示这条通知；保存后立即推送到所有打开的页面。
      </Typography.Paragraph>
      {state === 'error' && (
        <Alert
          type="error"
          showIcon
          title="通知横幅加载失败"
          description={loadError}
          action={
            <Button size="small" onClick={retry}>
              重试
            </Button>
          }
        />
      )}
      {state === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ on: false, content: '' }}
        disabled={!canEdit || save.submitting}
        style={{ display: state === 'ready' ? undefined : 'none' }}
        onFinish={() => void save.submit(form.getFieldsValue())}
      >
        <Form.Item label="显示横幅" name="on" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" data-testid="notice-banner-switch" />
        </Form.Item>
        <Form.Item
          label="通知内容"
          name="content"
          rules={[
            { required: !!on, whitespace: true, message: ANNOUNCEMENT_TEXT.noticeContentRequired },
            { max: NOTICE_CONTENT_MAX, message: ANNOUNCEMENT_TEXT.noticeContentTooLong },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={NOTICE_CONTENT_MAX}
            showCount
            placeholder="例如：系统将于今晚 22:00 至 23:00 升级维护，请提前保存工作。"
            data-testid="notice-banner-content"
          />
        </Form.Item>
        <Form.Item label="预览">
          <div
            data-testid="notice-banner-preview"
            style={{
              padding: '6px 12px',
              background: on ? '#fffbe6' : '#fafafa',
              border: `1px solid ${on ? '#ffe58f' : '#f0f0f0'}`,
              borderRadius: 4,
              color: on ? undefined : token.colorTextDescription,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {on ? content?.trim() || '（请填写通知内容）' : '横幅已关闭，用户看不到通知'}
          </div>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.submitting} data-testid="notice-banner-save">
              保存
            </Button>
            {!canEdit && <Typography.Text type="secondary">您没有编辑通知横幅的权限</Typography.Text>}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
