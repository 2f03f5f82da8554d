/**
 * The gallery's loaders for the picker sections: module-level (stable) adapters of lib/api/pickers.ts to the
 * widgets' loader props.
 */
import type { DepartPickerLoaders } from '../../../widgets/depart-picker/depart-picker.tsx';
import type { UserPickerLoaders } from '../../../widgets/user-picker/user-picker.tsx';
import type { RecordLoader } from '../../../widgets/record-picker/record-picker-modal.tsx';
import {
  loadAccidentRules,
  loadDepartChildren,
  loadDepartsByKeys,
  loadMultiUser,
  loadPositionList,
  loadRoleList,
  loadShiftList,
  loadUserList,
  loadUsersByDepart,
  searchDeparts,
  type AccidentRule,
  type PickerPosition,
  type PickerRole,
  type PickerShift,
  type PickerUser,
} from '../../../lib/api/pickers.ts';

export const departLoaders: DepartPickerLoaders = {
  children: (pid) => loadDepartChildren(pid),
  search: searchDeparts,
  byKeys: loadDepartsByKeys,
};

export const resolveUsernames = (keys: string[]) => loadMultiUser(keys, 'username');

export const userPickerLoaders: UserPickerLoaders = {
  users: (params) => loadUsersByDepart({ ...params }),
  resolve: resolveUsernames,
  departs: departLoaders,
};

export const userListLoader: RecordLoader<PickerUser> = (params) => loadUserList({ ...params });
export const roleListLoader: RecordLoader<PickerRole> = (params) => loadRoleList({ ...params });
export const positionLoader: RecordLoader<PickerPosition> = (params) => loadPositionList({ ...params });
export const shiftLoader: RecordLoader<PickerShift> = (params) => loadShiftList({ ...params });
export const accidentRuleLoader: RecordLoader<AccidentRule> = (params) => loadAccidentRules({ ...params });
