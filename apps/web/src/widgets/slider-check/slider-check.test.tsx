import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SliderCheck } from './slider-check.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Track 300 wide, handle 40: the handle has 260 px to go. */
function sized() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const w = this.classList.contains('slider-check__handle') ? 40 : 300;
    return { width: w, height: 40, x: 0, y: 0, top: 0, left: 0, right: w, bottom: 40, toJSON: () => ({}) };
  });
}

function dragBy(dx: number) {
  const handle = screen.getByRole('slider');
  fireEvent.pointerDown(handle, { button: 0, clientX: 10, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 10 + dx / 2, pointerId: 1 });
  fireEvent.pointerMove(handle, { clientX: 10 + dx, pointerId: 1 });
  fireEvent.pointerUp(handle, { clientX: 10 + dx, pointerId: 1 });
}

describe('SliderCheck', () => {
  it('starts not verified, as a labelled slider', () => {
    render(<SliderCheck />);
    const s = screen.getByRole('slider', { name: '拖动滑块验证' });
    expect(s.getAttribute('aria-valuenow')).toBe('0');
    expect(s.getAttribute('aria-valuetext')).toBe('未验证');
    expect(screen.getByTestId('slider-check').dataset.verified).toBe('false');
  });

  it('dragged to the full width it is verified and says so', () => {
    sized();
    const onChange = vi.fn();
    render(<SliderCheck onChange={onChange} />);
    dragBy(260);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('验证通过');
    expect(screen.getByRole('status').textContent).toBe('验证通过');
    expect(screen.getByTestId('slider-check').dataset.verified).toBe('true');
  });

  it('released early it slides back and stays not verified', () => {
    sized();
    const onChange = vi.fn();
    render(<SliderCheck onChange={onChange} />);
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { button: 0, clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 140, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.pointerUp(handle, { clientX: 140, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('slider-check').dataset.verified).toBe('false');
  });

  it('End verifies from the keyboard; arrows step and Home goes back', () => {
    const onChange = vi.fn();
    render(<SliderCheck onChange={onChange} />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('20');
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(onChange).toHaveBeenCalledWith(true);
    expect(handle.getAttribute('aria-valuetext')).toBe('验证通过');
  });

  it('ten ArrowRight presses reach the end and verify', () => {
    render(<SliderCheck />);
    const handle = screen.getByRole('slider');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(screen.getByTestId('slider-check').dataset.verified).toBe('true');
  });

  it('leaving it half-way with the keyboard resets it', () => {
    render(<SliderCheck />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.blur(handle);
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
  });

  it('a verified check is locked until its owner resets it', () => {
    function Owner() {
      const [ok, setOk] = useState(false);
      return (
        <>
          <SliderCheck verified={ok} onChange={setOk} />
          <button onClick={() => setOk(false)}>重置</button>
        </>
      );
    }
    render(<Owner />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(handle.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.click(screen.getByText('重置'));
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
    expect(handle.getAttribute('aria-valuetext')).toBe('未验证');
  });
});
