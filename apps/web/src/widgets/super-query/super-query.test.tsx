/**
 * The builder's behaviour and every §5.5 message: one empty row to start, 不能查询空条件 / 空条件不能保存 /
 * 保存名称不能为空, the overwrite and delete confirmations, the emitted records and the active flag; and the filter
 * text box's reading of its operators.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider, type ModalFuncProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { FeedbackContext, type Feedback } from '../../lib/feedback.ts';
import { createTtlStorage, type TtlStorage } from '../../lib/storage.ts';
import { FilterTextBox } from './filter-text-box.tsx';
import { SuperQuery, type SuperQueryProps } from './super-query.tsx';
import type { SuperQueryField } from './super-query-model.ts';

const FIELDS: SuperQueryField[] = [
  { title: '标题', field: 'title', type: 'string' },
  {
    title: '优先级',
    field: 'priority',
    type: 'dict',
    options: [
      { value: 'H', label: '高' },
      { value: 'L', label: '低' },
    ],
  },
];

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

function setup(props: Partial<SuperQueryProps> = {}) {
  const warnings: string[] = [];
  const confirms: ModalFuncProps[] = [];
  const feedback = {
    message: {
      warning: (m: string) => {
        warnings.push(m);
        return Promise.resolve(true);
      },
      success: () => Promise.resolve(true),
    },
    notification: {},
    modal: { confirm: (c: ModalFuncProps) => confirms.push(c), error: vi.fn() },
  } as unknown as Feedback;
  const onSearch = vi.fn();
  const onReset = vi.fn();
  const store: TtlStorage = createTtlStorage(memory());
  render(
    <FeedbackContext.Provider value={feedback}>
      <ConfigProvider locale={zhCN}>
        <SuperQuery fields={FIELDS} routeKey="/test" onSearch={onSearch} onReset={onReset} store={store} {...props} />
      </ConfigProvider>
    </FeedbackContext.Provider>,
  );
  return { warnings, confirms, onSearch, onReset, store };
}

const open = () => fireEvent.click(screen.getByRole('button', { name: '高级查询' }));
const footer = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function chooseField(index: number, label: string) {
  const select = screen.getByRole('combobox', { name: `第${index}个条件的查询字段` });
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]!);
}

async function fillTitle(text: string) {
  await chooseField(1, '标题');
  fireEvent.change(screen.getByRole('textbox', { name: '第1个条件的查询值' }), { target: { value: text } });
}

/** The name dialog (the test environment gives every dialog the same label id, so it is found by its title). */
async function saveDialog(): Promise<HTMLElement> {
  const title = await screen.findByText('请输入保存的名称');
  const dialog = title.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no name dialog');
  return dialog;
}

afterEach(cleanup);

describe('SuperQuery', () => {
  it('opens with one empty row and refuses to search or save it', async () => {
    const { warnings, onSearch } = setup();
    open();
    expect(await screen.findByText('高级查询构造器')).toBeTruthy();
    expect(screen.getAllByTestId('super-query-row')).toHaveLength(1);
    footer('查 询');
    footer('保存查询');
    expect(warnings).toEqual(['不能查询空条件', '空条件不能保存']);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('a second, empty row also makes the query empty; removing it lets the search through', async () => {
    const { warnings, onSearch } = setup();
    open();
    await fillTitle('打印');
    fireEvent.click(screen.getByRole('button', { name: '在第1个条件后添加条件' }));
    expect(screen.getAllByTestId('super-query-row')).toHaveLength(2);
    footer('查 询');
    expect(warnings).toEqual(['不能查询空条件']);
    fireEvent.click(screen.getByRole('button', { name: '删除第2个条件' }));
    fireEvent.click(screen.getByRole('radio', { name: /OR/ }));
    footer('查 询');
    expect(onSearch).toHaveBeenCalledWith([{ field: 'title', rule: 'eq', val: '打印', type: 'string' }], 'or');
    await waitFor(() => expect(screen.getByTestId('super-query-active')).toBeTruthy());
  });

  it('重置 clears the rows and the active flag', async () => {
    const { onReset } = setup({ active: true });
    expect(screen.getByTestId('super-query-active')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /高级查询/ }));
    await fillTitle('x');
    footer('重 置');
    expect(onReset).toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '第1个条件的查询值' }).value).toBe('');
  });

  it('saves under a name: empty name refused, an existing name asks before overwriting, delete asks', async () => {
    const { warnings, confirms, store } = setup();
    open();
    await fillTitle('打印');
    footer('保存查询');
    const dialog = await saveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(warnings).toEqual(['保存名称不能为空']);
    fireEvent.change(within(dialog).getByLabelText('保存名称'), { target: { value: '我的查询' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByRole('button', { name: '使用查询 我的查询' })).toBeTruthy();
    expect(JSON.stringify(store.get('super-query:/test'))).toContain('我的查询');

    footer('保存查询');
    const again = await saveDialog();
    fireEvent.change(within(again).getByLabelText('保存名称'), { target: { value: '我的查询' } });
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(confirms.map((c) => c.content)).toEqual(['我的查询 已存在，是否覆盖？']);
    void confirms[0]!.onOk?.();
    await waitFor(() => expect(screen.getAllByTestId('super-query-saved-item')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '删除查询 我的查询' }));
    expect(confirms[1]?.content).toBe('是否删除当前查询？');
    void confirms[1]!.onOk?.();
    expect(await screen.findByText('没有保存任何查询')).toBeTruthy();
    expect(store.get('super-query:/test')).toEqual([]);
  });

  it('applies a saved query to the rows', async () => {
    const { onSearch, store } = setup();
    store.set('super-query:/test', [
      { title: '高优先级', matchType: 'and', records: [{ field: 'priority', rule: 'in', val: 'H,L' }] },
    ]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: '使用查询 高优先级' }));
    footer('查 询');
    expect(onSearch).toHaveBeenCalledWith([{ field: 'priority', rule: 'in', val: 'H,L', type: 'dict' }], 'and');
  });
});

describe('FilterTextBox', () => {
  function Box() {
    const [v, setV] = useState('');
    return <FilterTextBox aria-label="标题" value={v} onChange={setV} defaultRule="like" showReading />;
  }

  it('shows how its operators read', () => {
    render(<Box />);
    const input = screen.getByRole('textbox', { name: '标题' });
    const reading = () => screen.getByTestId('filter-text-reading').textContent;
    expect(reading()).toBe('不筛选');
    fireEvent.change(input, { target: { value: '*打印*' } });
    expect(reading()).toBe('包含：打印');
    fireEvent.change(input, { target: { value: '!打印' } });
    expect(reading()).toBe('不等于：打印');
    fireEvent.change(input, { target: { value: '>=5' } });
    expect(reading()).toBe('大于等于：5');
    fireEvent.change(input, { target: { value: '打印' } });
    expect(reading()).toBe('包含：打印');
  });
});
