/**
 * 用户 picker over /sys/user/list (normal users only, status '1'): a table of users to choose one or many from.
 * The value is the store field of the chosen users (default username); their real names are shown, resolved
 * through `resolve` (getMultiUser) for a value set from outside.
 */
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
} from '../record-picker/record-picker-modal.tsx';

export const USER_COLUMNS: readonly RecordPickerColumn<PickerUser>[] = [
  { title: '用户账号', dataIndex: 'username', width: 140, sortColumn: 'username' },
  { title: '用户姓名', dataIndex: 'realname', width: 120, sortColumn: 'realname' },
  { title: '性别', dataIndex: 'sex_dictText', width: 70 },
  { title: '部门', dataIndex: 'orgCodeTxt' },
];
const SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'realname', label: '姓名' },
] as const;
const NORMAL_ONLY = { status: '1' };
export const userLabel = (u: PickerUser) => u.realname || u.username;

export interface UserListPickerProps extends PickerFieldProps<PickerUser> {
  load: RecordLoader<PickerUser>;
  /** Users by the values of the store field. */
  resolve?: (keys: string[]) => Promise<PickerUser[]>;
  /** Default username. */
  store?: 'username' | 'id';
  multiple?: boolean;
}

export function UserListPicker({ load, resolve, store = 'username', multiple = false, ...field }: UserListPickerProps) {
  return (
    <RecordPickerInput<PickerUser>
      {...field}
      rowKey={store}
      labelOf={userLabel}
      resolve={resolve}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<PickerUser>
          open={open}
          title="选择用户"
          width={900}
          columns={USER_COLUMNS}
          load={load}
          rowKey={store}
          labelOf={userLabel}
          multiple={multiple}
          searchFields={SEARCH}
          fixedFilters={NORMAL_ONLY}
          initialSelected={selected}
          onOk={done}
          onCancel={() => done(null)}
          data-testid="user-list-picker-modal"
        />
      )}
    />
  );
}
