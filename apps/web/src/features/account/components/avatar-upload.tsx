/**
 * The avatar of the account settings form: the current picture (or the initial) and a 更换头像 button that
 * uploads an image to the avatar folder (POST /sys/common/upload, biz avatar) and sets the form's `avatar` to
 * the stored path; the form's 保存 stores it. Props: `value`/`onChange` (from Form.Item), `user` for the initial.
 */
import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UserInfo } from '@houtai/shared/contract/user';
import { checkUpload, UPLOAD_TEXT } from '@houtai/shared/upload';
import { useFeedback } from '../../../lib/feedback.ts';
import { BusinessError } from '../../../lib/http.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

export interface AvatarUploadProps {
  value?: string;
  onChange?: (path: string) => void;
  user: Pick<UserInfo, 'realname' | 'username'> | null;
}

/** Why a chosen file cannot be an avatar (spec widgets §5.4), or null. */
export function avatarProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!file.type.includes('image')) return UPLOAD_TEXT.imageOnly;
  return checkUpload(file.name, file.size, 'avatar');
}

export function AvatarUpload({ value, onChange, user }: AvatarUploadProps) {
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange?.(await uploadAvatar(file));
      void message.success(UPLOAD_TEXT.success);
    } catch (e) {
      // A refusal says why; anything else (the network, a 413) is the generic failure.
      if (e instanceof BusinessError) void message.warning(e.message);
      else void message.error(UPLOAD_TEXT.failed(file.name));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space size={16} align="center">
      <span data-testid="account-settings-avatar">
        <ProfileAvatar user={user ? { ...user, avatar: value ?? null } : null} size={64} />
      </span>
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = avatarProblem(file);
          if (problem) {
            void message.warning(problem);
            return Upload.LIST_IGNORE;
          }
          void upload(file);
          // Sent by us (http.upload carries the session header), not by antd's own request.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="avatar-upload">
          更换头像
        </Button>
      </Upload>
    </Space>
  );
}
