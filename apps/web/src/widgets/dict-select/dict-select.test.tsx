import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../testing/render.tsx';
import { BusinessError } from '../../lib/http.ts';
import { DictCheckboxGroup, DictRadioGroup, DictSelect, checkboxCountError } from './dict-select.tsx';
import type { DictLoader } from './use-dict-load.ts';

afterEach(cleanup);

const PRIORITY = [
  { value: 'H', label: '高' },
  { value: 'M', label: '中' },
  { value: 'L', label: '低' },
];

function loader(): ReturnType<typeof vi.fn<DictLoader>> {
  return vi.fn<DictLoader>(async () => PRIORITY);
}

const STABLE: DictLoader = async () => PRIORITY;

/** A controlled widget whose value is shown, as a form holds it. */
function Held({
  initial,
  render,
}: {
  initial?: string;
  render: (v: string | undefined, set: (v: string) => void) => React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {render(value, setValue)}
      <output data-testid="value">{value ?? '∅'}</output>
    </>
  );
}

describe('DictSelect', () => {
  it('asks its loader for the code and emits the chosen value', async () => {
    const l = loader();
    renderInShell(
      <Held
        render={(v, set) => <DictSelect dictCode="priority" loader={l} value={v} onChange={set} aria-label="优先级" />}
      />,
    );
    expect(l).toHaveBeenCalledWith('priority');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '优先级' }));
    fireEvent.click(await screen.findByText('中'));
    expect(screen.getByTestId('value').textContent).toBe('M');
  });

  it("warns '字典Code不能为空!' for an empty code and asks nothing", async () => {
    const l = loader();
    renderInShell(<DictSelect dictCode="  " loader={l} aria-label="优先级" />);
    expect(await screen.findByText('字典Code不能为空!')).toBeTruthy();
    expect(l).not.toHaveBeenCalled();
  });

  it("warns the server's message on failure and leaves the options empty", async () => {
    const l = vi.fn<DictLoader>(async () => {
      throw new BusinessError('该字典不允许查询');
    });
    renderInShell(<DictSelect dictCode="sys_user,password,id" loader={l} aria-label="用户" />);
    expect(await screen.findByText('该字典不允许查询')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '用户' }));
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('in multiple mode emits a comma-joined value and shows one tag', async () => {
    const l = loader();
    renderInShell(
      <Held
        initial="H,M"
        render={(v, set) => (
          <DictSelect mode="multiple" dictCode="priority" loader={l} value={v} onChange={set} aria-label="优先级" />
        )}
      />,
    );
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item-content')?.textContent).toBe('高'));
    expect(screen.getByText('+ 1 ...')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '优先级' }));
    fireEvent.click(await screen.findByText('低', { selector: '.ant-select-item-option-content' }));
    expect(screen.getByTestId('value').textContent).toBe('H,M,L');
  });
});

describe('DictRadioGroup', () => {
  it('shows the items as radios and emits the chosen one', async () => {
    renderInShell(
      <Held
        render={(v, set) => (
          <DictRadioGroup dictCode="priority" loader={STABLE} value={v} onChange={set} aria-label="优先级" />
        )}
      />,
    );
    fireEvent.click(await screen.findByLabelText('低'));
    expect(screen.getByTestId('value').textContent).toBe('L');
  });
});

describe('DictCheckboxGroup', () => {
  it("emits the ticked values comma-joined in the dictionary's order", async () => {
    renderInShell(
      <Held
        render={(v, set) => (
          <DictCheckboxGroup dictCode="priority" loader={STABLE} value={v} onChange={set} aria-label="优先级" />
        )}
      />,
    );
    fireEvent.click(await screen.findByLabelText('低'));
    expect(screen.getByTestId('value').textContent).toBe('L');
    fireEvent.click(screen.getByLabelText('高'));
    expect(screen.getByTestId('value').textContent).toBe('H,L');
  });

  it('says 最多选择N项 / 最少选择N项 once the user goes out of bounds', async () => {
    renderInShell(
      <Held
        render={(v, set) => (
          <DictCheckboxGroup
            dictCode="priority"
            loader={STABLE}
            value={v}
            onChange={set}
            min={2}
            max={2}
            aria-label="优先级"
          />
        )}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(await screen.findByLabelText('高'));
    expect(screen.getByRole('alert').textContent).toBe('最少选择2项');
    fireEvent.click(screen.getByLabelText('中'));
    expect(screen.getByTestId('value').textContent).toBe('H,M');
    expect(screen.queryByRole('alert')?.outerHTML).toBeUndefined();
    fireEvent.click(screen.getByLabelText('低'));
    expect(screen.getByRole('alert').textContent).toBe('最多选择2项');
  });

  it('checkboxCountError gives the §5.3 messages', () => {
    expect(checkboxCountError(0, 1)).toBe('最少选择1项');
    expect(checkboxCountError(4, undefined, 3)).toBe('最多选择3项');
    expect(checkboxCountError(2, 1, 3)).toBeNull();
  });
});
