/** Gallery: the position picker (search postInfoName; the value is the id). */
import { useState } from 'react';
import { PositionPicker } from '../../../widgets/position-picker/position-picker.tsx';
import { positionLoader } from '../api/pickers.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function PositionPickerDemo() {
  const [value, setValue] = useState('');
  return (
    <Variant label="单选职务" value={value} valueTestId="position-picker-value">
      <PositionPicker
        load={positionLoader}
        value={value}
        onChange={setValue}
        aria-label="选择职务"
        data-testid="position-picker"
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'position-picker',
  title: '职务选择',
  order: 22,
  description: '按职务名称（postInfoName）搜索，值为职务 id。',
  Component: PositionPickerDemo,
};
