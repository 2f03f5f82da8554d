/**
 * Drag slider check (spec widgets §2.5, §4): a handle dragged along a track; reaching the right end verifies,
 * releasing it earlier slides it back to the start. It is a WAI-ARIA slider (0–100, value text 未验证/验证通过):
 * with the keyboard, ArrowRight/ArrowUp/PageUp move it on, End moves it to the end, which verifies at once;
 * ArrowLeft/Home move it back. The result is announced in a polite live region. A verified check is locked
 * until its owner sets `verified` back to false (a failed login, say).
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { theme } from 'antd';
import { CheckOutlined, DoubleRightOutlined } from '@ant-design/icons';
import './slider-check.css';

export const SLIDER_TEXT = {
  label: '拖动滑块验证',
  hint: '请按住滑块，拖动到最右边',
  verified: '验证通过',
  notVerified: '未验证',
} as const;

export interface SliderCheckProps {
  /** Controlled state; leave undefined to let the widget keep it. */
  verified?: boolean;
  onChange?: (verified: boolean) => void;
  /** Track width in px (default: the container's, at most 320). */
  width?: number;
  disabled?: boolean;
  /** Accessible name (default 拖动滑块验证). */
  'aria-label'?: string;
}

const KEY_STEP = 10;

export function SliderCheck({
  verified: controlled,
  onChange,
  width,
  disabled,
  'aria-label': label,
}: SliderCheckProps) {
  const { token } = theme.useToken();
  const [own, setOwn] = useState(false);
  const verified = controlled ?? own;
  /** Position in percent of the way (0–100). */
  const [percent, setPercent] = useState(verified ? 100 : 0);
  const [dragging, setDragging] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; room: number } | null>(null);

  // When the state changes (here or from the owner) the handle goes to the matching end.
  const [shownFor, setShownFor] = useState(verified);
  if (shownFor !== verified) {
    setShownFor(verified);
    setPercent(verified ? 100 : 0);
  }

  const settle = (ok: boolean) => {
    setPercent(ok ? 100 : 0);
    if (ok === verified) return;
    if (controlled === undefined) setOwn(ok);
    onChange?.(ok);
  };

  const locked = disabled || verified;

  const room = (): number => {
    const t = track.current?.getBoundingClientRect().width ?? 0;
    const h = handle.current?.getBoundingClientRect().width ?? 0;
    return Math.max(1, t - h);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (locked || e.button !== 0) return;
    // No text selection while dragging; the handle still takes focus (for the keyboard and the announcement).
    e.preventDefault();
    e.currentTarget.focus();
    drag.current = { startX: e.clientX, room: room() };
    setDragging(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setPercent(Math.min(100, Math.max(0, ((e.clientX - d.startX) / d.room) * 100)));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setDragging(false);
    const reached = e.clientX - d.startX >= d.room - 0.5;
    settle(reached);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    let next: number | null = null;
    if (e.key === 'End') next = 100;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp' || e.key === 'PageUp')
      next = Math.min(100, percent + KEY_STEP);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown' || e.key === 'PageDown')
      next = Math.max(0, percent - KEY_STEP);
    if (next === null) return;
    e.preventDefault();
    if (next >= 100) settle(true);
    else setPercent(next);
  };
  // Leaving the handle half-way with the keyboard is an early release too.
  const onBlur = () => {
    if (!verified && percent > 0 && percent < 100) setPercent(0);
  };

  const status = verified ? SLIDER_TEXT.verified : SLIDER_TEXT.notVerified;
  const handleLeft = `calc(${percent / 100} * (100% - 40px))`;
  return (
    <div className="slider-check" style={{ width: width ?? '100%', maxWidth: width ?? 320 }}>
      <div
        ref={track}
        className="slider-check__track"
        style={{ background: token.colorFillSecondary, borderColor: token.colorBorder }}
        data-testid="slider-check"
        data-verified={verified ? 'true' : 'false'}
      >
        <div
          className="slider-check__fill"
          style={{
            width: `calc(${handleLeft} + 20px)`,
            background: verified ? token.colorSuccessBg : token.colorPrimaryBg,
            transition: dragging ? 'none' : undefined,
          }}
        />
        <span
          className="slider-check__text"
          style={{ color: verified ? token.colorSuccessText : token.colorText }}
          aria-hidden
        >
          {verified ? SLIDER_TEXT.verified : SLIDER_TEXT.hint}
        </span>
        <div
          ref={handle}
          className="slider-check__handle"
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={label ?? SLIDER_TEXT.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={percent > 0 && percent < 100 ? `${Math.round(percent)}%` : status}
          aria-disabled={locked || undefined}
          style={{
            left: handleLeft,
            background: token.colorBgContainer,
            borderColor: verified ? token.colorSuccess : token.colorBorder,
            color: verified ? token.colorSuccess : token.colorText,
            transition: dragging ? 'none' : undefined,
            cursor: locked ? 'default' : 'grab',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          {verified ? <CheckOutlined /> : <DoubleRightOutlined />}
        </div>
      </div>
      <span className="slider-check__status" role="status" aria-live="polite">
        {verified ? SLIDER_TEXT.verified : ''}
      </span>
    </div>
  );
}
