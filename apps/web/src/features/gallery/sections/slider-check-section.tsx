/** Gallery: the drag slider check (spec widgets §2.5) — by mouse or keyboard, with a reset. */
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { SliderCheck } from '../../../widgets/slider-check/slider-check.tsx';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [verified, setVerified] = useState(false);
  return (
    <Variant
      label="拖到最右边即验证通过；中途松开会退回（键盘：End 或方向键）"
      value={verified ? '验证通过' : '未验证'}
      valueTestId="slider-check-value"
    >
      <Flex gap={12} align="center" wrap>
        <SliderCheck verified={verified} onChange={setVerified} width={300} />
        <Button onClick={() => setVerified(false)} disabled={!verified}>
          重置
        </Button>
      </Flex>
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'slider-check',
  title: '滑块验证',
  order: 64,
  Component: Demo,
};
