/** Gallery: the file and image pop-ups (spec widgets §2.4) — 520 wide; OK without a file says 未上传任何文件. */
import { useState } from 'react';
import { Button, Flex } from 'antd';
import { FilePop, type FilePopResult } from '../../../widgets/upload/file-pop.tsx';
import { galleryUpload, resolveStaticUrl } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [open, setOpen] = useState<'file' | 'image' | null>(null);
  const [files, setFiles] = useState<FilePopResult[]>([]);
  return (
    <Variant label="弹窗上传" value={files.map((f) => f.path)} valueTestId="file-pop-value">
      <Flex gap={8} wrap>
        <Button onClick={() => setOpen('file')}>文件上传弹窗</Button>
        <Button onClick={() => setOpen('image')}>图片上传弹窗</Button>
      </Flex>
      <FilePop
        open={open !== null}
        kind={open ?? 'file'}
        biz={open === 'image' ? 'web' : 'temp'}
        upload={galleryUpload}
        resolveUrl={resolveStaticUrl}
        onOk={(f) => {
          setFiles(f);
          setOpen(null);
        }}
        onCancel={() => setOpen(null)}
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'file-pop',
  title: '上传弹窗',
  order: 82,
  Component: Demo,
};
