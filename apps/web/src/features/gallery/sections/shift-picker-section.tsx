/** Gallery: the shift picker (班次名称, 上午上班, 上午下班, 下午上班, 下午下班). */
import { useState } from 'react';
import { ShiftPicker } from '../../../widgets/shift-picker/shift-picker.tsx';
import { shiftLoader } from '../api/pickers.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function ShiftPickerDemo() {
  const [value, setValue] = useState('');
  return (
    <Variant label="单选班次" value={value} valueTestId="shift-picker-value">
      <ShiftPicker
        load={shiftLoader}
        value={value}
        onChange={setValue}
        aria-label="选择班次"
        data-testid="shift-picker"
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'shift-picker',
  title: '班次选择',
  order: 23,
  description: '考勤班次：名称与上午、下午的上下班时间。',
  Component: ShiftPickerDemo,
};
