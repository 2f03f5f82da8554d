/** 职务 picker (spec §2.5): searches by postInfoName on /hr/hrPosition/list; the value is the position's id. */
import type { PickerPosition } from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
} from '../record-picker/record-picker-modal.tsx';

const COLUMNS: readonly RecordPickerColumn<PickerPosition>[] = [
  { title: '职务名称', dataIndex: 'name_dictText', sortColumn: 'name' },
  { title: '职级', dataIndex: 'postLevel_dictText', width: 100, sortColumn: 'post_rank' },
  { title: '职务序列', dataIndex: 'sequenceId_dictText', width: 100 },
  { title: '职称', dataIndex: 'postTitleId_dictText', width: 100 },
];
const SEARCH = [{ name: 'postInfoName', label: '职务名称' }] as const;
const labelOf = (p: PickerPosition) => p.name;

export interface PositionPickerProps extends PickerFieldProps<PickerPosition> {
  load: RecordLoader<PickerPosition>;
  multiple?: boolean;
}

export function PositionPicker({ load, multiple = false, ...field }: PositionPickerProps) {
  return (
    <RecordPickerInput<PickerPosition>
      {...field}
      rowKey="id"
      labelOf={labelOf}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<PickerPosition>
          open={open}
          title="选择职务"
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
          data-testid="position-picker-modal"
        />
      )}
    />
  );
}
