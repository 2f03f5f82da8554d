/** 班次 picker (spec §2.5): shift name, morning start/end, afternoon start/end from the attendance shifts. */
import type { PickerShift } from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
} from '../record-picker/record-picker-modal.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerShift>[] = [
  { title: '班次名称', dataIndex: 'name', sortColumn: 'name' },
  { title: '上午上班', dataIndex: 'amStart', width: 100, sortColumn: 'am_start' },
  { title: '上午下班', dataIndex: 'amEnd', width: 100 },
  { title: '下午上班', dataIndex: 'pmStart', width: 100 },
  { title: '下午下班', dataIndex: 'pmEnd', width: 100, sortColumn: 'pm_end' },
];
const SEARCH = [{ name: 'name', label: '班次名称' }] as const;
const labelOf = (s: PickerShift) => s.name;

export interface ShiftPickerProps extends PickerFieldProps<PickerShift> {
  load: RecordLoader<PickerShift>;
  multiple?: boolean;
}

export function ShiftPicker({ load, multiple = false, ...field }: ShiftPickerProps) {
  return (
    <RecordPickerInput<PickerShift>
      {...field}
      rowKey="id"
      labelOf={labelOf}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<PickerShift>
          open={open}
          title="选择班次"
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
          data-testid="shift-picker-modal"
        />
      )}
    />
  );
}
