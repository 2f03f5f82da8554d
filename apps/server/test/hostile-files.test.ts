/**
 * Hostile files against the real routes (issue 5's acceptance): an .xlsx that inflates to gigabytes, a 21 MB
 * import, `x.png.jsp`, an SVG with script, a legacy .xls, and a `biz` or file name with `..` — each refused with
 * its message, no row imported, and nothing written outside the storage root.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncTaskRecord } from '@houtai/shared/contract/async-task';
import { buildXlsx, inflatingSheet } from '../src/excel/test-support.ts';
import type { UploadCredential } from '@houtai/shared/upload';
import { api, body, createTestApp, login, multipart, uploadFile, type TestContext } from './helpers.ts';

let t: TestContext;
let zhangsan: string;
/** Every file under the data folder (and its parent's new entries), before the hostile requests. */
let before: { inside: Set<string>; parent: Set<string> };

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

function snapshot() {
  const data = t.config.dataDir;
  return { inside: new Set(filesUnder(data)), parent: new Set(readdirSync(path.dirname(data))) };
}

/** Files written under the data folder since the snapshot; the database's own files aside. */
function written(): string[] {
  return filesUnder(t.config.dataDir).filter(
    (f) => !before.inside.has(f) && !/\.(sqlite|db)(-wal|-shm|-journal)?$/.test(f),
  );
}

async function workOrders(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('biWorkOrder')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function settled(id: string): Promise<AsyncTaskRecord> {
  for (let i = 0; i < 400; i++) {
    const res = await api(t.app, zhangsan, { method: 'GET', url: '/task/asyncTask/list/mine?pageSize=100' });
    const row = body<{ records: AsyncTaskRecord[] }>(res).result.records.find((r) => r.id === id);
    if (row && row.status !== '1') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${id} did not finish`);
}

beforeAll(async () => {
  t = await createTestApp();
  zhangsan = await login(t.app, 'zhangsan');
  before = snapshot();
});
afterAll(async () => {
  await t.close();
});

describe('hostile files', () => {
  it('an .xlsx that inflates to 2 GiB is refused before it is inflated, as a task and as a direct import', async () => {
    const bomb = buildXlsx({ sheet: '', sheetDeflated: inflatingSheet(2) });
    expect(bomb.length).toBeLessThan(20 * 1024 * 1024);
    const orders = await workOrders();

    const stored = body(await uploadFile(t.app, zhangsan, { name: '炸弹.xlsx', content: bomb }, { biz: 'import' }));
    expect(stored.success, stored.message).toBe(true);
    const added = body<string>(
      await api(t.app, zhangsan, {
        method: 'POST',
        url: '/task/asyncTask/add',
        payload: { businessType: 'WORK_ORDER', name: '炸弹.xlsx', importUrl: stored.message },
      }),
    );
    expect(added.success, added.message).toBe(true);
    const task = await settled(added.result);
    expect(task.status).toBe('3');
    // Its declared size already passes the limit on what one workbook may inflate to.
    expect(task.content).toBe('炸弹.xlsx 导入失败：文件解压后超过 300MB，请拆分后再导入');

    const { payload, headers } = multipart({ name: '炸弹.xlsx', content: bomb });
    const direct = body(
      await api(t.app, zhangsan, { method: 'POST', url: '/bi/workOrder/importExcel', payload, headers }),
    );
    expect(direct).toMatchObject({ success: false, message: '文件解压后超过 300MB，请拆分后再导入' });
    expect(await workOrders()).toBe(orders);
  });

  it('a 21 MB import is refused naming the file, by the upload and by the direct import', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(21 * 1024 * 1024)]);
    const { payload, headers } = multipart({ name: '大文件.xlsx', content: big });
    const direct = body(
      await api(t.app, zhangsan, { method: 'POST', url: '/bi/workOrder/importExcel', payload, headers }),
    );
    expect(direct).toMatchObject({ success: false, message: '大文件.xlsx文件大小超出20MB!' });
    const upload = body(await uploadFile(t.app, zhangsan, { name: '大文件.xlsx', content: big }, { biz: 'import' }));
    expect(upload).toMatchObject({ success: false, message: '上传文件大小不能超过20MB' });
  });

  it('x.png.jsp and an SVG with script are refused by the upload and by direct-upload credentials', async () => {
    const jsp = Buffer.from('<% Runtime.getRuntime().exec(request.getParameter("c")); %>');
    expect(body(await uploadFile(t.app, zhangsan, { name: 'x.png.jsp', content: jsp }))).toMatchObject({
      success: false,
      message: '禁止上传.jsp文件',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    expect(body(await uploadFile(t.app, zhangsan, { name: 'logo.svg', content: svg }))).toMatchObject({
      success: false,
      message: '禁止上传.svg文件',
    });
    // The same SVG named as a picture is sniffed: it is no image.
    expect(
      body(await uploadFile(t.app, zhangsan, { name: 'logo.png', content: svg }, { biz: 'avatar' })),
    ).toMatchObject({ success: false, message: '请上传图片' });
    for (const filename of ['x.png.jsp', 'logo.svg']) {
      const res = await api(t.app, zhangsan, {
        method: 'GET',
        url: `/sys/file/oss/sts?filename=${encodeURIComponent(filename)}`,
      });
      expect(body(res), filename).toMatchObject({ success: false, message: '获取授权失败！' });
    }
  });

  it('a legacy .xls is refused with its own message, as a task and as a direct import', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const stored = body(await uploadFile(t.app, zhangsan, { name: '旧版.xls', content: xls }, { biz: 'import' }));
    expect(stored.success, stored.message).toBe(true);
    const legacy = '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入';
    const added = body(
      await api(t.app, zhangsan, {
        method: 'POST',
        url: '/task/asyncTask/add',
        payload: { businessType: 'WORK_ORDER', name: '旧版.xls', importUrl: stored.message },
      }),
    );
    expect(added).toMatchObject({ success: false, message: legacy });
    const { payload, headers } = multipart({ name: '旧版.xls', content: xls });
    const direct = body(
      await api(t.app, zhangsan, { method: 'POST', url: '/bi/workOrder/importExcel', payload, headers }),
    );
    expect(direct).toMatchObject({ success: false, message: legacy });
  });

  it('a biz or a file name with .. never chooses where bytes land', async () => {
    const text = Buffer.from('hello');
    for (const biz of ['..', '../..', 'temp/../../etc', '..%2F..']) {
      expect(body(await uploadFile(t.app, zhangsan, { name: 'a.txt', content: text }, { biz })), biz).toMatchObject({
        success: false,
        message: '上传目录不正确',
      });
    }
    const named = body(await uploadFile(t.app, zhangsan, { name: '../../../evil.txt', content: text }));
    expect(named.success, named.message).toBe(true);
    expect(named.message).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}\.txt$/);
    const credential = body<UploadCredential>(
      await api(t.app, zhangsan, { method: 'GET', url: `/sys/file/oss/sts?biz=..&filename=a.txt` }),
    );
    expect(credential).toMatchObject({ success: false, message: '获取授权失败！' });
    const scoped = body<UploadCredential>(
      await api(t.app, zhangsan, {
        method: 'GET',
        url: `/sys/file/oss/sts?filename=${encodeURIComponent('../../evil.txt')}`,
      }),
    ).result;
    expect(scoped.key).toMatch(/^temp\/zhangsan\/\d{8}\/\d{6}\/evil\.txt$/);
    const put = body(
      await api(t.app, zhangsan, {
        method: 'PUT',
        url: scoped.url,
        payload: text,
        headers: { 'content-type': 'application/octet-stream' },
      }),
    );
    expect(put.message).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}\.txt$/);
  });

  it('wrote nothing outside the storage root', () => {
    for (const f of written()) expect(f.startsWith(`files${path.sep}`), f).toBe(true);
    const parent = readdirSync(path.dirname(t.config.dataDir)).filter((f) => !before.parent.has(f));
    expect(parent.filter((f) => /evil|炸弹|\.jsp$|\.svg$/.test(f))).toEqual([]);
  });
});
