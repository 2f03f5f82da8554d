import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFocusKeeper } from './focus-keeper.ts';

afterEach(cleanup);

function Rows({ keep: keepOn }: { keep: boolean }) {
  const { anchorRef, keep } = useFocusKeeper();
  const [rows, setRows] = useState(['a', 'b']);
  return (
    <div>
      <button type="button">outside</button>
      <div ref={anchorRef} tabIndex={-1} data-testid="anchor">
        {rows.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => {
              setRows((all) => all.filter((x) => x !== r));
              if (keepOn) keep();
            }}
          >
            {`remove ${r}`}
          </button>
        ))}
      </div>
    </div>
  );
}

describe('useFocusKeeper', () => {
  it('moves focus to the anchor when the focused button went away with its row', async () => {
    render(<Rows keep />);
    const button = screen.getByRole('button', { name: 'remove a' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('anchor')));
  });

  it('without keep() focus is lost to the body (what it prevents)', async () => {
    render(<Rows keep={false} />);
    const button = screen.getByRole('button', { name: 'remove a' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'remove a' })).toBeNull());
    expect(document.activeElement === document.body || !document.activeElement?.isConnected).toBe(true);
  });

  it('also when focus is lost a moment later (a confirm handing it back after its animation)', async () => {
    render(<Rows keep />);
    const outside = screen.getByRole('button', { name: 'outside' });
    outside.focus();
    fireEvent.click(screen.getByRole('button', { name: 'remove a' }));
    await new Promise((r) => setTimeout(r, 250));
    expect(document.activeElement).toBe(outside);
    outside.blur();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('anchor')));
  });

  it('leaves focus alone when it is still on something', async () => {
    render(<Rows keep />);
    const outside = screen.getByRole('button', { name: 'outside' });
    fireEvent.click(screen.getByRole('button', { name: 'remove b' }));
    outside.focus();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(document.activeElement).toBe(outside);
  });
});
