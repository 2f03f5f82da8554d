/**
 * The user's avatar on the account pages: the stored picture, else the first character of the name.
 * Props: `user` (avatar, realname, username), `size` in px.
 */
import { Avatar } from 'antd';
import type { UserInfo } from '@houtai/shared/contract/user';
import { resolveStaticUrl } from '../../../lib/static-url.ts';

export interface ProfileAvatarProps {
  user: Pick<UserInfo, 'avatar' | 'realname' | 'username'> | null;
  size: number;
}

/** The first character (not UTF-16 unit) of the name, upper-cased. */
export function initialOf(name: string | null | undefined): string {
  return (Array.from(name?.trim() ?? '')[0] ?? '').toUpperCase();
}

export function ProfileAvatar({ user, size }: ProfileAvatarProps) {
  const avatar = user?.avatar?.trim();
  const initial = initialOf(user?.realname || user?.username);
  return (
    <Avatar
      size={size}
      // A picture that fails to load falls back to the initial.
      src={avatar ? resolveStaticUrl(avatar) : undefined}
      alt={initial}
      style={{ background: 'var(--ant-color-primary, #1890FF)', flex: 'none', fontSize: size / 2.5 }}
      data-testid="profile-avatar"
    >
      {initial}
    </Avatar>
  );
}
