/** Gallery: the file uploader (spec widgets §2.4, §5.4) — several files, one file, file records; real uploads. */
import { useState } from 'react';
import { Flex } from 'antd';
import { FileUpload } from '../../../widgets/upload/file-upload.tsx';
import type { UploadValue } from '../../../widgets/upload/upload-rules.ts';
import { downloadStoredFile, galleryUpload, resolveStaticUrl } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [many, setMany] = useState<UploadValue>('');
  const [one, setOne] = useState<UploadValue>('');
  const [records, setRecords] = useState<UploadValue>([]);
  return (
    <Flex vertical>
      <Variant label="多个文件（逗号分隔的路径）" value={many} valueTestId="file-upload-many-value">
        <FileUpload
          value={many}
          onChange={setMany}
          upload={galleryUpload}
          resolveUrl={resolveStaticUrl}
          download={(p) => downloadStoredFile(p)}
          aria-label="上传多个文件"
        />
      </Variant>
      <Variant label="最多1个文件" value={one} valueTestId="file-upload-one-value">
        <FileUpload
          value={one}
          onChange={setOne}
          maxCount={1}
          upload={galleryUpload}
          resolveUrl={resolveStaticUrl}
          aria-label="上传一个文件"
        />
      </Variant>
      <Variant label="返回文件信息（returnUrl=false）" value={records} valueTestId="file-upload-records-value">
        <FileUpload
          value={records}
          onChange={setRecords}
          returnUrl={false}
          upload={galleryUpload}
          resolveUrl={resolveStaticUrl}
          aria-label="上传文件并返回信息"
        />
      </Variant>
    </Flex>
  );
}

export const section: GallerySection = {
  id: 'file-upload',
  title: '文件上传',
  order: 80,
  description: '普通文件最大20MB、视频50MB；禁止的类型提示“禁止上传.{ext}文件”。',
  Component: Demo,
};
