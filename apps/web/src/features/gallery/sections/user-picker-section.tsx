/** Gallery: the people pickers — users by department (1250), users from /sys/user/list, roles from /sys/role/list. */
import { useState } from 'react';
import { RolePicker } from '../../../widgets/role-picker/role-picker.tsx';
import { UserListPicker } from '../../../widgets/user-picker/user-list-picker.tsx';
import { UserPicker } from '../../../widgets/user-picker/user-picker.tsx';
import { resolveUsernames, roleListLoader, userListLoader, userPickerLoaders } from '../api/pickers.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function UserPickersDemo() {
  const [byDepart, setByDepart] = useState('admin');
  const [single, setSingle] = useState('');
  const [roles, setRoles] = useState('');
  return (
    <div>
      <Variant
        label="按部门选择用户（多选，存储 username，初值 admin）"
        value={byDepart}
        valueTestId="user-picker-value"
      >
        <UserPicker
          loaders={userPickerLoaders}
          multiple
          value={byDepart}
          onChange={setByDepart}
          aria-label="选择用户（按部门）"
          data-testid="user-picker"
        />
      </Variant>
      <Variant label="用户列表（单选，仅正常状态）" value={single} valueTestId="user-list-picker-value">
        <UserListPicker
          load={userListLoader}
          resolve={resolveUsernames}
          value={single}
          onChange={setSingle}
          aria-label="选择用户（列表）"
          data-testid="user-list-picker"
        />
      </Variant>
      <Variant label="角色（多选，存储 id）" value={roles} valueTestId="role-picker-value">
        <RolePicker
          load={roleListLoader}
          multiple
          value={roles}
          onChange={setRoles}
          aria-label="选择角色"
          data-testid="role-picker"
        />
      </Variant>
    </div>
  );
}

export const section: GallerySection = {
  id: 'user-picker',
  title: '用户与角色选择',
  order: 21,
  description: '左侧部门树、右侧用户表（按创建时间倒序、分页、按账号或姓名搜索）；值为账号，显示真实姓名。',
  Component: UserPickersDemo,
};
