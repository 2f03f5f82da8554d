import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell, signInAs } from '../../testing/render.tsx';
import { ImportExcelDialog, type ImportAnswer, type ImportExcelDialogProps } from './import-excel-dialog.tsx';

function xlsx(name: string, size = 10): File {
  const f = new File(['x'.repeat(Math.min(size, 64))], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function choose(...files: File[]) {
  fireEvent.change(screen.getByTestId('import-input'), { target: { files } });
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const rows = () => screen.queryAllByTestId('import-file');
const statusOf = (name: string) =>
  rows()
    .find((r) => r.textContent?.includes(name))
    ?.getAttribute('data-status');

function renderDialog(props: Partial<ImportExcelDialogProps> = {}) {
  return renderInShell(
    <ImportExcelDialog
      open
      onClose={() => undefined}
      importUrl="/bi/workOrder/importExcel"
      task={{ businessType: 'WORK_ORDER', module: 'bi', method: 'workOrderImport' }}
      {...props}
    />,
  );
}

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  cleanup();
});

describe('ImportExcelDialog', () => {
  it('is 600 wide, says to import large data in batches and see the task centre, and refuses files of 21 MB', async () => {
    const upload = vi.fn();
    renderDialog({ upload });
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('600px');
    expect(within(dialog).getByText(/分批导入.*任务中心/)).toBeTruthy();
    choose(xlsx('大文件.xlsx', 21 * 1024 * 1024), xlsx('工单.xlsx'));
    expect(await screen.findByText('大文件.xlsx文件大小超出20MB!')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(statusOf('工单.xlsx')).toBe('wait');
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads, registers each file as a task, shows 上传中 with 关闭 disabled meanwhile, then 完成', async () => {
    const uploads = new Map<string, ReturnType<typeof deferred<string>>>();
    const upload = vi.fn((file: File) => {
      const d = deferred<string>();
      uploads.set(file.name, d);
      return d.promise;
    });
    const registerTask = vi.fn((body: { name: string }) =>
      Promise.resolve<ImportAnswer>({ success: true, message: body.name }),
    );
    const onImported = vi.fn();
    renderDialog({ upload, registerTask, onImported });
    choose(xlsx('一月.xlsx'), xlsx('二月.xlsx'));
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('import-start').textContent).toMatch(/上\s*传\s*中/);
    expect(screen.getByTestId<HTMLButtonElement>('import-close').disabled).toBe(true);
    uploads.get('一月.xlsx')!.resolve('import/20261125/a.xlsx');
    uploads.get('二月.xlsx')!.resolve('import/20261125/b.xlsx');
    await waitFor(() => expect(statusOf('一月.xlsx')).toBe('done'));
    await waitFor(() => expect(statusOf('二月.xlsx')).toBe('done'));
    expect(registerTask).toHaveBeenCalledWith({
      businessType: 'WORK_ORDER',
      name: '一月.xlsx',
      importUrl: 'import/20261125/a.xlsx',
      url: '/bi/workOrder/importExcel',
      module: 'bi',
      method: 'workOrderImport',
    });
    expect(await screen.findByText('一月.xlsx已加入到任务中心列表')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId<HTMLButtonElement>('import-close').disabled).toBe(false);
  });

  it('marks a failed registration 失败 with 添加任务接口失败; 重试 registers again without uploading', async () => {
    const upload = vi.fn(() => Promise.resolve('import/20261125/a.xlsx'));
    const registerTask = vi
      .fn<(b: { name: string }) => Promise<ImportAnswer>>()
      .mockResolvedValueOnce({ success: false, message: '导入文件不存在或无权使用' })
      .mockResolvedValueOnce({ success: true, message: '工单.xlsx' });
    renderDialog({ upload, registerTask });
    choose(xlsx('工单.xlsx'));
    fireEvent.click(screen.getByTestId('import-start'));
    await waitFor(() => expect(statusOf('工单.xlsx')).toBe('filed'));
    expect(await screen.findByText('添加任务接口失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(statusOf('工单.xlsx')).toBe('done'));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(registerTask).toHaveBeenCalledTimes(2);
  });

  it('a failed upload says "{file} 上传失败." and its 重试 uploads again', async () => {
    const upload = vi.fn<(f: File) => Promise<string>>().mockRejectedValueOnce(new Error('网络超时'));
    upload.mockResolvedValueOnce('import/20261125/a.xlsx');
    const registerTask = vi.fn(() => Promise.resolve<ImportAnswer>({ success: true, message: '工单.xlsx' }));
    renderDialog({ upload, registerTask });
    choose(xlsx('工单.xlsx'));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('工单.xlsx 上传失败.')).toBeTruthy();
    expect(statusOf('工单.xlsx')).toBe('filed');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(statusOf('工单.xlsx')).toBe('done'));
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('without an import url says 导入接口地址不能为空 and sends nothing', async () => {
    const upload = vi.fn();
    renderDialog({ upload, importUrl: '' });
    choose(xlsx('工单.xlsx'));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('导入接口地址不能为空')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('direct mode: a code-201 answer offers the error file', async () => {
    const importNow = vi.fn(() =>
      Promise.resolve<ImportAnswer>({
        success: true,
        code: 201,
        message: '文件导入成功，但有错误数据，请下载错误明细',
        result: 'task/20261125/e.xlsx',
      }),
    );
    const downloadDetail = vi.fn(() => Promise.resolve());
    renderDialog({ task: undefined, importNow, downloadDetail });
    choose(xlsx('工单.xlsx'));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(
      await screen.findByText('文件导入成功，但有错误数据，请下载错误明细', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '下载错误明细' }));
    await waitFor(() => expect(downloadDetail).toHaveBeenCalledWith('task/20261125/e.xlsx'));
  });

  it("direct mode: a refusal says '<file> <message>.'", async () => {
    const importNow = vi.fn(() =>
      Promise.resolve<ImportAnswer>({
        success: false,
        message: '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入',
      }),
    );
    renderDialog({ task: undefined, importNow });
    choose(xlsx('旧.xls'));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('旧.xls 不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入.')).toBeTruthy();
    expect(statusOf('旧.xls')).toBe('filed');
  });
});
