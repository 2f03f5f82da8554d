/**
 * The business-record picker (spec §2.5, §9): '<name>选择', a table paged by 5 (5–30) whose cells are cut at 12
 * characters with the whole text in a tooltip, and a side list of the chosen records that can be removed. Any list
 * endpoint serves: the caller gives the columns, the loader, the key and the text of a record.
 */
import {
  BUSINESS_PICKER_ELLIPSIS,
  BUSINESS_PICKER_PAGE_SIZE,
  BUSINESS_PICKER_PAGE_SIZES,
} from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
  type RecordPickerSearchField,
} from '../record-picker/record-picker-modal.tsx';

export interface BusinessRecordPickerProps<Row> extends PickerFieldProps<Row> {
  /** The business name: the dialog is titled '<name>选择'. */
  name: string;
  columns: readonly RecordPickerColumn<Row>[];
  load: RecordLoader<Row>;
  rowKey: keyof Row & string;
  labelOf: (row: Row) => string;
  searchFields?: readonly RecordPickerSearchField[];
  resolve?: (keys: string[]) => Promise<Row[]>;
  /** Default true. */
  multiple?: boolean;
  /** Default 1000. */
  width?: number;
}

export function BusinessRecordPicker<Row extends object>({
  name,
  columns,
  load,
  rowKey,
  labelOf,
  searchFields,
  resolve,
  multiple = true,
  width = 1000,
  ...field
}: BusinessRecordPickerProps<Row>) {
  return (
    <RecordPickerInput<Row>
      {...field}
      rowKey={rowKey}
      labelOf={labelOf}
      resolve={resolve}
      renderModal={({ open, selected, done }) => (
        <RecordPickerModal<Row>
          open={open}
          title={`${name}选择`}
          width={width}
          columns={columns}
          load={load}
          rowKey={rowKey}
          labelOf={labelOf}
          multiple={multiple}
          {...(searchFields ? { searchFields } : {})}
          pageSize={BUSINESS_PICKER_PAGE_SIZE}
          pageSizeOptions={BUSINESS_PICKER_PAGE_SIZES}
          ellipsis={BUSINESS_PICKER_ELLIPSIS}
          sideList
          initialSelected={selected}
          onOk={done}
          onCancel={() => done(null)}
          data-testid="business-picker-modal"
        />
      )}
    />
  );
}
