/** 角色 picker over /sys/role/list (an administration read): one or many roles, the value is their ids. */
import type { PickerRole } from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
} from '../record-picker/record-picker-modal.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerRole>[] = [
  { title: '角色编码', dataIndex: 'roleCode', sortColumn: 'role_code' },
  { title: '角色名称', dataIndex: 'roleName', sortColumn: 'role_name' },
  { title: '创建时间', dataIndex: 'createTime', width: 170, sortColumn: 'create_time' },
];
const SEARCH = [{ name: 'roleName', label: '角色名称' }] as const;
const labelOf = (r: PickerRole) => r.roleName;

export interface RolePickerProps extends PickerFieldProps<PickerRole> {
  load: RecordLoader<PickerRole>;
  multiple?: boolean;
}

export function RolePicker({ load, multiple = false, ...field }: RolePickerProps) {
  return (
    <RecordPickerInput<PickerRole>
      {...field}
      rowKey="id"
      labelOf={labelOf}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<PickerRole>
          open={open}
          title="选择角色"
          width={800}
          columns={COLUMNS}
          load={load}
          rowKey="id"
          labelOf={labelOf}
          multiple={multiple}
          searchFields={SEARCH}
          initialSelected={selected}
          onOk={done}
          onCancel={() => done(null)}
          data-testid="role-picker-modal"
        />
      )}
    />
  );
}
