/** 角色 picker over /sys/role/list (an administration read): one or many roles, the value is their ids. */
import type { PickerRole } from '@houtai/shared/contract/pickers-rules';
import type { RecordPickerColumn, RecordPickerSearchField } from '../record-picker/record-picker-modal.tsx';
import { tablePicker, type TablePickerProps } from '../record-picker/table-picker.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerRole>[] = [
  { title: '角色编码', dataIndex: 'roleCode', sortColumn: 'role_code' },
  { title: '角色名称', dataIndex: 'roleName', sortColumn: 'role_name' },
  { title: '创建时间', dataIndex: 'createTime', width: 170, sortColumn: 'create_time' },
];
const SEARCH: readonly RecordPickerSearchField[] = [{ name: 'roleName', label: '角色名称' }];
const labelOf = (r: PickerRole) => r.roleName;

export type RolePickerProps = TablePickerProps<PickerRole>;

export const RolePicker = tablePicker<PickerRole>({
  title: '选择角色',
  width: 800,
  columns: COLUMNS,
  searchFields: SEARCH,
  labelOf,
  testId: 'role-picker-modal',
});
