/** 班次 picker (spec §2.5): shift name, morning start/end, afternoon start/end from the attendance shifts. */
import type { PickerShift } from '@houtai/shared/contract/pickers-rules';
import type { RecordPickerColumn, RecordPickerSearchField } from '../record-picker/record-picker-modal.tsx';
import { tablePicker, type TablePickerProps } from '../record-picker/table-picker.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerShift>[] = [
  { title: '班次名称', dataIndex: 'name', sortColumn: 'name' },
  { title: '上午上班', dataIndex: 'amStart', width: 100, sortColumn: 'am_start' },
  { title: '上午下班', dataIndex: 'amEnd', width: 100 },
  { title: '下午上班', dataIndex: 'pmStart', width: 100 },
  { title: '下午下班', dataIndex: 'pmEnd', width: 100, sortColumn: 'pm_end' },
];
const SEARCH: readonly RecordPickerSearchField[] = [{ name: 'name', label: '班次名称' }];
const labelOf = (s: PickerShift) => s.name;

export type ShiftPickerProps = TablePickerProps<PickerShift>;

export const ShiftPicker = tablePicker<PickerShift>({
  title: '选择班次',
  width: 800,
  columns: COLUMNS,
  searchFields: SEARCH,
  labelOf,
  testId: 'shift-picker-modal',
});
