/** Gallery: the cell file upload (spec widgets §2.4) — in a table cell, names cut at 5 characters. */
import { useState } from 'react';
import { Table } from 'antd';
import { CellFileUpload } from '../../../widgets/upload/cell-file-upload.tsx';
import { downloadStoredFile, galleryUpload } from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

interface Row {
  key: string;
  name: string;
  file: string;
  allowRemove: boolean;
}

function Demo() {
  const [rows, setRows] = useState<Row[]>([
    { key: '1', name: '可下载、可删除', file: '', allowRemove: true },
    { key: '2', name: '不可删除', file: '', allowRemove: false },
  ]);
  const set = (key: string, file: string) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, file } : r)));
  return (
    <Variant label="表格中的文件单元格" value={rows.map((r) => r.file)} valueTestId="cell-file-upload-value">
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '说明', dataIndex: 'name' },
          {
            title: '附件',
            dataIndex: 'file',
            width: 220,
            render: (_v, r) => (
              <CellFileUpload
                value={r.file}
                onChange={(v) => set(r.key, v)}
                upload={galleryUpload}
                download={(p) => downloadStoredFile(p)}
                allowRemove={r.allowRemove}
              />
            ),
          },
        ]}
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'cell-file-upload',
  title: '单元格文件上传',
  order: 83,
  Component: Demo,
};
