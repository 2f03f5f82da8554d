/** Gallery: the image uploader (spec widgets §2.4, §5.4) — cards with preview (1000 wide), compression 0.6. */
import { useState } from 'react';
import { Flex } from 'antd';
import { FileUpload } from '../../../widgets/upload/file-upload.tsx';
import type { UploadValue } from '../../../widgets/upload/upload-rules.ts';
import { galleryUpload, resolveStaticUrl } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [images, setImages] = useState<UploadValue>('');
  const [one, setOne] = useState<UploadValue>('');
  return (
    <Flex vertical>
      <Variant label="多张图片" value={images} valueTestId="image-upload-many-value">
        <FileUpload
          kind="image"
          biz="web"
          value={images}
          onChange={setImages}
          upload={galleryUpload}
          resolveUrl={resolveStaticUrl}
          aria-label="上传多张图片"
        />
      </Variant>
      <Variant label="一张图片，不压缩" value={one} valueTestId="image-upload-one-value">
        <FileUpload
          kind="image"
          biz="web"
          maxCount={1}
          compress={false}
          value={one}
          onChange={setOne}
          upload={galleryUpload}
          resolveUrl={resolveStaticUrl}
          aria-label="上传一张图片"
        />
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'image-upload',
  title: '图片上传',
  order: 81,
  description: '只接受图片（否则“请上传图片”）；点击图片预览；上传出错时显示“上传出错”。',
  Component: Demo,
};
