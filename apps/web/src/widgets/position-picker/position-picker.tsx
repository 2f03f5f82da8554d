/** 职务 picker (spec §2.5): searches by postInfoName on /hr/hrPosition/list; the value is the position's id. */
import type { PickerPosition } from '@houtai/shared/contract/pickers-rules';
import type { RecordPickerColumn, RecordPickerSearchField } from '../record-picker/record-picker-modal.tsx';
import { tablePicker, type TablePickerProps } from '../record-picker/table-picker.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerPosition>[] = [
  { title: '职务名称', dataIndex: 'name_dictText', sortColumn: 'name' },
  { title: '职级', dataIndex: 'postLevel_dictText', width: 100, sortColumn: 'post_rank' },
  { title: '职务序列', dataIndex: 'sequenceId_dictText', width: 100 },
  { title: '职称', dataIndex: 'postTitleId_dictText', width: 100 },
];
const SEARCH: readonly RecordPickerSearchField[] = [{ name: 'postInfoName', label: '职务名称' }];
const labelOf = (p: PickerPosition) => p.name;

export type PositionPickerProps = TablePickerProps<PickerPosition>;

export const PositionPicker = tablePicker<PickerPosition>({
  title: '选择职务',
  width: 800,
  columns: COLUMNS,
  searchFields: SEARCH,
  labelOf,
  testId: 'position-picker-modal',
});
