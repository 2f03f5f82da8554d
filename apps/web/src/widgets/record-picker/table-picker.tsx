/**
 * A picker over one server list, made from its configuration: a read-only field (RecordPickerInput) opening the
 * table dialog (RecordPickerModal) with the list's columns and search fields. The position, role and shift pickers
 * are such configurations; a picker with more (a department tree beside the table) composes the two parts itself.
 */
import type { ReactElement } from 'react';
import { RecordPickerInput, type PickerFieldProps } from './record-picker-input.tsx';
import {
  RecordPickerModal,
  type RecordLoader,
  type RecordPickerColumn,
  type RecordPickerSearchField,
} from './record-picker-modal.tsx';

export interface TablePickerConfig<Row> {
  /** The dialog's title, e.g. '选择职务'. */
  title: string;
  width: number;
  columns: readonly RecordPickerColumn<Row>[];
  searchFields: readonly RecordPickerSearchField[];
  labelOf: (row: Row) => string;
  /** Test id of the dialog. */
  testId: string;
}

export interface TablePickerProps<Row> extends PickerFieldProps<Row> {
  load: RecordLoader<Row>;
  multiple?: boolean;
}

export function tablePicker<Row extends { id: string }>(
  config: TablePickerConfig<Row>,
): (props: TablePickerProps<Row>) => ReactElement {
  const { title, width, columns, searchFields, labelOf, testId } = config;
  return function TablePicker({ load, multiple = false, ...field }: TablePickerProps<Row>) {
    return (
      <RecordPickerInput<Row>
        {...field}
        rowKey="id"
        labelOf={labelOf}
        renderModal={({ open, selected, done }) => (
          <RecordPickerModal<Row>
            open={open}
            title={title}
            width={width}
            columns={columns}
            load={load}
            rowKey="id"
            labelOf={labelOf}
            multiple={multiple}
            searchFields={searchFields}
            initialSelected={selected}
            onOk={done}
            onCancel={() => done(null)}
            data-testid={testId}
          />
        )}
      />
    );
  };
}
