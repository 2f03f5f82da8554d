/** Gallery: the department picker — one department, many with the linked/strict check, deleted departments, org codes. */
import { useState } from 'react';
import { DepartPicker } from '../../../widgets/depart-picker/depart-picker.tsx';
import { departLoaders } from '../api/pickers.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function DepartPickerDemo() {
  const [one, setOne] = useState('');
  const [many, setMany] = useState('');
  const [deleted, setDeleted] = useState('');
  const [codes, setCodes] = useState('');
  return (
    <div>
      <Variant label="单选（存储 id，显示 departName）" value={one} valueTestId="depart-picker-single-value">
        <DepartPicker
          loaders={departLoaders}
          value={one}
          onChange={setOne}
          aria-label="选择部门（单选）"
          data-testid="depart-picker-single"
        />
      </Variant>
      <Variant label="多选：父子关联 / 取消关联" value={many} valueTestId="depart-picker-multi-value">
        <DepartPicker
          loaders={departLoaders}
          multiple
          value={many}
          onChange={setMany}
          aria-label="选择部门（多选）"
          data-testid="depart-picker-multi"
        />
      </Variant>
      <Variant label="显示已删除部门（showDelDepart，可选 selectedDelDepart）" value={deleted}>
        <DepartPicker
          loaders={departLoaders}
          showDelDepart
          selectedDelDepart
          value={deleted}
          onChange={setDeleted}
          aria-label="选择部门（含已删除）"
        />
      </Variant>
      <Variant
        label="存储与显示机构编码（storeField / textField = orgCode）"
        value={codes}
        valueTestId="depart-picker-code-value"
      >
        <DepartPicker
          loaders={departLoaders}
          multiple
          storeField="orgCode"
          textField="orgCode"
          value={codes}
          onChange={setCodes}
          aria-label="选择部门（机构编码）"
        />
      </Variant>
    </div>
  );
}

export const section: GallerySection = {
  id: 'depart-picker',
  title: '部门选择',
  order: 20,
  description: '只读输入框打开“选择部门”树形弹窗（宽 500），懒加载、搜索、清除图标同时清空文字与值。',
  Component: DepartPickerDemo,
};
