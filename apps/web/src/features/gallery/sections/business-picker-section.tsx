/** Gallery: the business-record picker on the demo accident rules ('不良事件规则选择', page 5, cells cut at 12). */
import { useState } from 'react';
import type { AccidentRule } from '../../../lib/api/pickers.ts';
import { BusinessRecordPicker } from '../../../widgets/business-picker/business-record-picker.tsx';
import type { RecordPickerColumn } from '../../../widgets/record-picker/record-picker-modal.tsx';
import { accidentRuleLoader } from '../api/pickers.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

const COLUMNS: readonly RecordPickerColumn<AccidentRule>[] = [
  { title: '事件类别', dataIndex: 'category_dictText', width: 110, sortColumn: 'category' },
  { title: '事件等级', dataIndex: 'level_dictText', width: 140, sortColumn: 'level' },
  { title: '规则标题', dataIndex: 'title', width: 200, sortColumn: 'title' },
  { title: '规则说明', dataIndex: 'ruleDesc' },
];
const SEARCH = [{ name: 'title', label: '规则标题' }] as const;
const labelOf = (r: AccidentRule) => r.title;

function BusinessPickerDemo() {
  const [value, setValue] = useState('');
  return (
    <Variant label="多选不良事件规则，右侧为已选列表" value={value} valueTestId="business-picker-value">
      <BusinessRecordPicker<AccidentRule>
        name="不良事件规则"
        columns={COLUMNS}
        load={accidentRuleLoader}
        rowKey="id"
        labelOf={labelOf}
        searchFields={SEARCH}
        value={value}
        onChange={setValue}
        aria-label="选择不良事件规则"
        data-testid="business-picker"
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'business-picker',
  title: '业务记录选择',
  order: 25,
  description: '标题“<名称>选择”，每页 5 条（5–30），单元格超过 12 个字省略并以提示显示全文，右侧列出已选记录。',
  Component: BusinessPickerDemo,
};
