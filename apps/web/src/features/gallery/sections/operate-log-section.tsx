/** Gallery: the operate-log modal (spec widgets §2.5) — titled 操作日志, 10 a page, newest first, real rows. */
import { useState } from 'react';
import { Button } from 'antd';
import { OperateLogModal } from '../../../widgets/operate-log-modal/operate-log-modal.tsx';
import { fetchOperateLogs } from '../api/operate-log.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <Variant label="全部操作日志">
      <div>
        <Button onClick={() => setOpen(true)}>查看操作日志</Button>
      </div>
      <OperateLogModal open={open} onClose={() => setOpen(false)} loader={fetchOperateLogs} />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'operate-log',
  title: '操作日志',
  order: 85,
  Component: Demo,
};
