/**
 * The department picker (spec §2.5): a read-only input with a clear icon (it empties the text and the stored ids)
 * that opens 选择部门. The stored field and the shown field are configurable (default id and departName); a value
 * set from outside is shown by its department names. Deleted departments per showDelDepart / selectedDelDepart.
 */
import { useCallback } from 'react';
import type { DepartNode } from '@houtai/shared/contract/pickers-rules';
import { RecordPickerInput, type PickerFieldProps } from '../record-picker/record-picker-input.tsx';
import type { DeletedDepartOptions, DepartTreeLoaders } from './depart-tree.tsx';
import { DepartTreeModal } from './depart-tree-modal.tsx';

export interface DepartPickerLoaders extends DepartTreeLoaders {
  /** Departments by stored keys (ids, or org codes when the store field is orgCode). Keep it stable. */
  byKeys: (keys: string[], primaryKey: 'id' | 'orgCode') => Promise<DepartNode[]>;
}

export interface DepartPickerProps extends PickerFieldProps<DepartNode>, DeletedDepartOptions {
  loaders: DepartPickerLoaders;
  multiple?: boolean;
  /** The department field stored in the value (default id). */
  storeField?: 'id' | 'orgCode';
  /** The department field shown (default departName). */
  textField?: 'departName' | 'orgCode' | 'title';
  /** The dialog's width (default 500). */
  modalWidth?: number;
}

export function DepartPicker({
  loaders,
  multiple = false,
  storeField = 'id',
  textField = 'departName',
  modalWidth,
  showDelDepart,
  selectedDelDepart,
  ...field
}: DepartPickerProps) {
  const labelOf = (d: DepartNode) => d[textField];
  const byKeys = loaders.byKeys;
  const resolve = useCallback((keys: string[]) => byKeys(keys, storeField), [byKeys, storeField]);
  return (
    <RecordPickerInput<DepartNode>
      {...field}
      rowKey={storeField}
      labelOf={labelOf}
      resolve={resolve}
      renderModal={({ open, selected, done }) => (
        <DepartTreeModal
          open={open}
          loaders={loaders}
          multiple={multiple}
          {...(modalWidth === undefined ? {} : { width: modalWidth })}
          initialIds={selected.map((d) => d.id)}
          initialNodes={selected}
          showDelDepart={showDelDepart ?? false}
          selectedDelDepart={selectedDelDepart ?? false}
          onOk={done}
          onCancel={() => done(null)}
        />
      )}
    />
  );
}
