/** Gallery: the import Excel dialog (spec widgets §2.4, §4) — files go to the task centre as import tasks. */
import { useState } from 'react';
import { Button } from 'antd';
import { ImportExcelDialog } from '../../../widgets/import-excel/import-excel-dialog.tsx';
import {
  DEMO_IMPORT_TASK,
  DEMO_IMPORT_URL,
  downloadStoredFile,
  registerImportTask,
  uploadImportFile,
} from '../api/uploads.ts';
import type { GallerySection } from '../gallery-section.ts';
import { Variant } from '../gallery-variant.tsx';

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <Variant label="导入工单（任务中心）">
      <div>
        <Button onClick={() => setOpen(true)}>导入Excel</Button>
      </div>
      <ImportExcelDialog
        open={open}
        onClose={() => setOpen(false)}
        title="导入示例（工单）"
        importUrl={DEMO_IMPORT_URL}
        task={DEMO_IMPORT_TASK}
        upload={uploadImportFile}
        registerTask={registerImportTask}
        downloadDetail={downloadStoredFile}
      />
    </Variant>
  );
}

export const section: GallerySection = {
  id: 'import-excel',
  title: '导入Excel',
  order: 84,
  description: '宽600；每个文件须小于21MB；上传中关闭按钮不可用；失败的文件可重试。',
  Component: Demo,
};
