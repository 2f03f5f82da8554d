import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ACCOUNTING_TEXT } from '@houtai/shared/contract/accounting';
import type { TreeSelectModel } from '@houtai/shared/contract/dict';
import { sourceTree, toSourceNodes } from './api/source-tree.ts';
import {
  checkBizRecord,
  fieldError,
  moneyText,
  searchFilters,
  taxPreview,
  type BizRecordValues,
} from './biz-record-form.ts';

const VALID: BizRecordValues = {
  orgId: 'so1',
  dataSource: 'A01A01A01',
  bizDate: dayjs('2026-03-15'),
  amount: '1130',
  taxRate: '13',
  counterparty: ' 上海某某公司 ',
  summary: ' 采购入库 ',
};

describe('业务数据 form rules', () => {
  it('sends the schema’s reading as wire text: amount with two places, rate in percent, trimmed texts', () => {
    const checked = checkBizRecord(VALID, null);
    expect(checked.ok && checked.body).toEqual({
      orgId: 'so1',
      dataSource: 'A01A01A01',
      bizDate: '2026-03-15',
      amount: '1130.00',
      taxRate: '13',
      counterparty: '上海某某公司',
      summary: '采购入库',
    });
  });

  it('an edit sends the id and the version it was opened with', () => {
    const checked = checkBizRecord(VALID, { id: 'b1', version: 7 });
    expect(checked.ok && checked.body).toMatchObject({ id: 'b1', version: 7, amount: '1130.00' });
  });

  it('refuses an amount with three decimals, zero or below, with the shared message', () => {
    for (const amount of ['1.234', '0', '0.00', '-5']) {
      expect(fieldError('amount', { ...VALID, amount })).toBe(ACCOUNTING_TEXT.amountInvalid);
    }
    expect(fieldError('amount', { ...VALID, amount: null })).toBe(ACCOUNTING_TEXT.amountRequired);
    expect(fieldError('amount', { ...VALID, amount: '0.01' })).toBeNull();
    const checked = checkBizRecord({ ...VALID, amount: '1.234' }, null);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.byField.get('amount')).toEqual([ACCOUNTING_TEXT.amountInvalid]);
  });

  it('refuses a rate over 100 or with three places; a blank rate is 0', () => {
    expect(fieldError('taxRate', { ...VALID, taxRate: '100.01' })).toBe(ACCOUNTING_TEXT.rateInvalid);
    expect(fieldError('taxRate', { ...VALID, taxRate: '6.555' })).toBe(ACCOUNTING_TEXT.rateInvalid);
    expect(fieldError('taxRate', { ...VALID, taxRate: '6.5' })).toBeNull();
    const checked = checkBizRecord({ ...VALID, taxRate: '' }, null);
    expect(checked.ok && checked.body.taxRate).toBe('0');
  });

  it('asks for the required fields in the contract’s words', () => {
    const checked = checkBizRecord({}, null);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.byField.get('orgId')).toEqual([ACCOUNTING_TEXT.orgRequired]);
    expect(checked.errors.byField.get('dataSource')).toEqual([ACCOUNTING_TEXT.sourceRequired]);
    expect(checked.errors.byField.get('bizDate')).toEqual([ACCOUNTING_TEXT.bizDateRequired]);
    expect(checked.errors.byField.get('summary')).toEqual([ACCOUNTING_TEXT.summaryRequired]);
  });
});

describe('价税分离 preview', () => {
  it('splits 1130.00 at 13% into 130.00 tax and 1,000.00 net', () => {
    expect(taxPreview('1130', '13')).toEqual({ tax: '130.00', net: '1,000.00' });
  });
  it('rounds the tax half up to the fen and keeps the parts adding up', () => {
    // 100.00 at 6%: 100 × 6 / 106 = 5.6603… → 5.66, net 94.34
    expect(taxPreview('100', '6')).toEqual({ tax: '5.66', net: '94.34' });
  });
  it('shows nothing for an amount it would refuse, and treats a blank rate as 0', () => {
    expect(taxPreview('1.234', '13')).toBeNull();
    expect(taxPreview('', '13')).toBeNull();
    expect(taxPreview('50', '')).toEqual({ tax: '0.00', net: '50.00' });
  });
});

describe('search filters and money text', () => {
  it('sends the month as YYYY-MM and leaves blank fields out', () => {
    expect(
      searchFilters({ period: dayjs('2026-03-01'), status: '0', counterparty: '  ', summary: ' 运费 ', orgId: '' }),
    ).toEqual({ period: '2026-03', status: '0', summary: '运费' });
  });
  it('groups thousands', () => {
    expect(moneyText('1234567.50')).toBe('1,234,567.50');
    expect(moneyText('-12.00')).toBe('-12.00');
    expect(moneyText(null)).toBe('-');
  });
});

const cat = (id: string, code: string | null, title: string, children: TreeSelectModel[] = []): TreeSelectModel => ({
  key: id,
  title,
  code,
  leaf: children.length === 0,
  parentId: null,
  value: id,
  icon: null,
  children: children.length ? children : null,
});

describe('business source tree', () => {
  const TREE = [cat('c1', 'A01A01', '采购', [cat('c2', 'A01A01A01', '采购入库')]), cat('c9', null, '无编码')];

  it('keys the nodes by code and tells a leaf from a parent', async () => {
    expect(toSourceNodes(TREE)).toEqual([
      {
        key: 'A01A01',
        title: '采购',
        leaf: false,
        children: [{ key: 'A01A01A01', title: '采购入库', leaf: true, children: [] }],
      },
    ]);
    let reads = 0;
    const tree = sourceTree(() => {
      reads++;
      return Promise.resolve(toSourceNodes(TREE));
    });
    expect(await tree.leafOf('A01A01')).toBe(false);
    expect(await tree.leafOf('A01A01A01')).toBe(true);
    expect(await tree.leafOf('A09')).toBeNull();
    expect(await tree.texts(['A01A01A01'])).toEqual(['采购入库']);
    expect(reads).toBe(1);
  });

  it('reads again after a failure', async () => {
    let reads = 0;
    const tree = sourceTree(() => (++reads === 1 ? Promise.reject(new Error('x')) : Promise.resolve([])));
    await expect(tree.roots()).rejects.toThrow('x');
    await expect(tree.roots()).resolves.toEqual([]);
    expect(reads).toBe(2);
  });
});
