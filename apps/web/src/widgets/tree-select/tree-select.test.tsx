import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../testing/render.tsx';
import { BusinessError } from '../../lib/http.ts';
import { DictTreeSelect, type TreeLoader } from './tree-select.tsx';
import { TREE_CONDITION_INVALID, TREE_DATA_UNKNOWN, isConditionValid, toFlatNodes } from './tree-nodes.ts';

afterEach(cleanup);

const node = (key: string, title: string, leaf: boolean) => ({
  key,
  title,
  leaf,
  value: key,
  parentId: null,
  code: null,
  icon: null,
  children: null,
});

function loader(): TreeLoader & {
  roots: ReturnType<typeof vi.fn>;
  children: ReturnType<typeof vi.fn>;
  texts: ReturnType<typeof vi.fn>;
} {
  return {
    roots: vi.fn(async () => [node('c1', '采购', false), node('c2', '销售', false)]),
    children: vi.fn(async (pid: string) =>
      pid === 'c1' ? [node('c11', '采购入库', true), node('c12', '采购退货', true)] : [],
    ),
    texts: vi.fn(async (ids: readonly string[]) => ids.map((id) => (id === 'c99' ? '运输费用' : ''))),
  };
}

function Held({
  l,
  multiple,
  initial,
  condition,
}: {
  l: TreeLoader;
  multiple?: boolean;
  initial?: string;
  condition?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DictTreeSelect
        loader={l}
        multiple={multiple}
        value={value}
        onChange={setValue}
        condition={condition}
        aria-label="分类"
      />
      <output data-testid="value">{value ?? '∅'}</output>
    </>
  );
}

function expand(title: string) {
  const row = screen.getByTitle(title).closest('.ant-select-tree-treenode');
  const switcher = row?.querySelector('.ant-select-tree-switcher');
  if (!switcher) throw new Error(`no expander for ${title}`);
  fireEvent.click(switcher);
}

describe('DictTreeSelect', () => {
  it('loads the roots, the children of a node when it is expanded, and emits the chosen id', async () => {
    const l = loader();
    renderInShell(<Held l={l} />);
    await waitFor(() => expect(l.roots).toHaveBeenCalledWith(undefined));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '分类' }));
    expect(await screen.findByTitle('采购')).toBeTruthy();
    expect(l.children).not.toHaveBeenCalled();
    expand('采购');
    await waitFor(() => expect(l.children).toHaveBeenCalledWith('c1', undefined));
    fireEvent.click(await screen.findByTitle('采购退货'));
    expect(screen.getByTestId('value').textContent).toBe('c12');
  });

  it('in multiple mode emits the ids comma-joined', async () => {
    const l = loader();
    renderInShell(<Held l={l} multiple initial="c2" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '分类' }));
    fireEvent.click(await screen.findByTitle('采购', { exact: true }));
    expect(screen.getByTestId('value').textContent).toBe('c2,c1');
  });

  it('shows a value set from outside by the text its loader gives', async () => {
    const l = loader();
    renderInShell(<Held l={l} initial="c99" />);
    await waitFor(() => expect(l.texts).toHaveBeenCalledWith(['c99']));
    expect(await screen.findByText('运输费用')).toBeTruthy();
  });

  it('passes a JSON condition on, and refuses any other with the §5.5 message', async () => {
    const ok = loader();
    renderInShell(<Held l={ok} condition='{"code":"A01A01"}' />);
    await waitFor(() => expect(ok.roots).toHaveBeenCalledWith('{"code":"A01A01"}'));
    cleanup();
    const bad = loader();
    renderInShell(<Held l={bad} condition="code=A01" />);
    expect(await screen.findByText(TREE_CONDITION_INVALID)).toBeTruthy();
    expect(bad.roots).not.toHaveBeenCalled();
  });

  it("shows a root failure's message, and '返回数据类型不识别' for data of another shape", async () => {
    const failing = loader();
    failing.roots.mockRejectedValueOnce(new BusinessError('该分类不存在'));
    renderInShell(<Held l={failing} />);
    expect(await screen.findByText('该分类不存在')).toBeTruthy();
    cleanup();
    const odd = loader();
    odd.roots.mockResolvedValueOnce({ records: [] });
    renderInShell(<Held l={odd} />);
    expect(await screen.findByText(TREE_DATA_UNKNOWN)).toBeTruthy();
  });
});

describe('tree nodes', () => {
  it('flattens category nodes (key/value, title/label, leaf/isLeaf, children)', () => {
    expect(
      toFlatNodes(
        [{ value: 'a', label: 'A', isLeaf: false, children: [{ key: 'b', title: 'B', leaf: true }] }],
        'root',
      ),
    ).toEqual([
      { id: 'a', pId: 'root', value: 'a', title: 'A', isLeaf: false },
      { id: 'b', pId: 'a', value: 'b', title: 'B', isLeaf: true },
    ]);
  });

  it('refuses data of another shape', () => {
    expect(() => toFlatNodes({ a: 1 }, 'root')).toThrow(TREE_DATA_UNKNOWN);
    expect(() => toFlatNodes([{ key: 'a' }], 'root')).toThrow(TREE_DATA_UNKNOWN);
    expect(() => toFlatNodes(['a'], 'root')).toThrow(TREE_DATA_UNKNOWN);
  });

  it('accepts a JSON object string as condition, or none', () => {
    expect(isConditionValid(undefined)).toBe(true);
    expect(isConditionValid(' ')).toBe(true);
    expect(isConditionValid('{"code":"A01"}')).toBe(true);
    expect(isConditionValid('code=A01')).toBe(false);
    expect(isConditionValid('[1]')).toBe(false);
    expect(isConditionValid('1')).toBe(false);
  });
});
