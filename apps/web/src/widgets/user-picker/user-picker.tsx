/**
 * The user-by-department picker (spec §2.5, §7, §9): a dialog (default width 1250) with the department tree on the
 * left and the users of the chosen department on the right (queryUserRealDeptData, createTime desc, paged), searched
 * by account or name; one user or many. The value is the chosen users' store field (default username), shown by
 * their real names, resolved through getMultiUser for a value set from outside.
 */
import { useState } from 'react';
import type { PickerUser } from '@houtai/shared/contract/pickers-rules';
import { DepartTree, type DepartTreeLoaders } from '../depart-picker/depart-tree.tsx';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import { RecordPickerModal, type RecordFilters, type RecordLoader } from '../record-picker/record-picker-modal.tsx';
import { USER_COLUMNS, userLabel } from './user-list-picker.tsx';

export interface UserPickerLoaders {
  /** Users of a department (departId) and its sub-departments, paged. Keep it stable. */
  users: RecordLoader<PickerUser>;
  /** Users by values of the store field (getMultiUser). Keep it stable. */
  resolve: (keys: string[]) => Promise<PickerUser[]>;
  /** The department tree. */
  departs: DepartTreeLoaders;
}

export interface UserPickerProps extends PickerFieldProps<PickerUser> {
  loaders: UserPickerLoaders;
  multiple?: boolean;
  /** Default username. */
  store?: 'username' | 'id';
  /** Default 1250. */
  modalWidth?: number;
}

const SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'realname', label: '姓名' },
] as const;

function DepartFilter({ loaders, filter }: { loaders: DepartTreeLoaders; filter: (extra: RecordFilters) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <DepartTree
      loaders={loaders}
      value={chosen}
      height={440}
      onChange={(ids) => {
        setChosen(ids);
        filter({ departId: ids[0] });
      }}
      data-testid="user-picker-departs"
    />
  );
}

export function UserPicker({
  loaders,
  multiple = false,
  store = 'username',
  modalWidth = 1250,
  ...field
}: UserPickerProps) {
  return (
    <RecordPickerInput<PickerUser>
      {...field}
      rowKey={store}
      labelOf={userLabel}
      resolve={loaders.resolve}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<PickerUser>
          open={open}
          title="选择用户"
          width={modalWidth}
          columns={USER_COLUMNS}
          load={loaders.users}
          rowKey={store}
          labelOf={userLabel}
          multiple={multiple}
          searchFields={SEARCH}
          aside={(filter) => <DepartFilter loaders={loaders.departs} filter={filter} />}
          initialSelected={selected}
          onOk={done}
          onCancel={() => done(null)}
          data-testid="user-picker-modal"
        />
      )}
    />
  );
}
