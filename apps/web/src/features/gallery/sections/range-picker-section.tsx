/** Gallery: the date range picker (spec widgets §2.6, §5.5) — default month, refused clearing, span limit, times. */
import { useState } from 'react';
import { Flex } from 'antd';
import { RangePicker, type RangeValue } from '../../../widgets/range-picker/range-picker.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [plain, setPlain] = useState<RangeValue | null>();
  const [clearable, setClearable] = useState<RangeValue | null>();
  const [threeMonths, setThreeMonths] = useState<RangeValue | null>();
  const [withTime, setWithTime] = useState<RangeValue | null>();
  return (
    <Flex vertical>
      <Variant label="默认：近一个月，不可清空，最多1个月" value={plain} valueTestId="range-plain-value">
        <div data-testid="range-plain">
          <RangePicker value={plain} onChange={setPlain} />
        </div>
      </Variant>
      <Variant label="可清空（allowClear）" value={clearable} valueTestId="range-clear-value">
        <div data-testid="range-clear">
          <RangePicker value={clearable} onChange={setClearable} allowClear />
        </div>
      </Variant>
      <Variant label="最多3个月（disabledMonthNum=3）" value={threeMonths} valueTestId="range-three-value">
        <div data-testid="range-three">
          <RangePicker value={threeMonths} onChange={setThreeMonths} disabledMonthNum={3} />
        </div>
      </Variant>
      <Variant label="带时间（YYYY-MM-DD HH:mm:ss）" value={withTime} valueTestId="range-time-value">
        <div data-testid="range-time">
          <RangePicker value={withTime} onChange={setWithTime} showTime />
        </div>
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'range-picker',
  title: '日期范围选择',
  order: 60,
  description: '默认近一个月（到今天23:59:59）；不允许清空时提示“必须选择一个时间范围”；超过月数提示并恢复默认。',
  Component: Demo,
};
