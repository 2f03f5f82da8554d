/**
 * The calendar under a date or datetime cell's editor (§2.2 date, datetime): a month to click a day in, opened with
 * the editor and following the typed text. Typing stays the keyboard's way in (loose forms are accepted, see
 * normaliseTemporal); the calendar never takes the focus — a press on it keeps the focus in the text field, so the
 * field's blur never closes the editor under the click. A datetime keeps the typed time (midnight when none).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { GRID_DATE_FORMATS, normaliseTemporal } from '@houtai/shared/grid/cell-values';

export const CALENDAR_TEXT = { previous: '上个月', next: '下个月' } as const;

/** Width of the drop (antd's small calendar), and the room it needs below the cell before it opens above. */
const DROP_WIDTH = 280;
const DROP_HEIGHT = 300;

export function CalendarDrop({
  type,
  text,
  onPick,
}: {
  type: 'date' | 'datetime';
  /** The editor's current text. */
  text: string;
  /** A day was clicked: the cell's new value in its §9 format. */
  onPick: (value: string) => void;
}) {
  const markRef = useRef<HTMLSpanElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const cell = markRef.current?.closest('[role="gridcell"]') ?? markRef.current?.parentElement;
    if (!cell) return;
    const r = cell.getBoundingClientRect();
    const below = r.bottom + DROP_HEIGHT <= window.innerHeight || r.top < DROP_HEIGHT;
    const left = Math.max(0, Math.min(r.left, window.innerWidth - DROP_WIDTH));
    // Measured once, when the editor opens (the grid does not scroll under an open editor).
    setPlace({ left, top: below ? r.bottom : r.top - DROP_HEIGHT });
  }, []);
  // A press on the calendar must not take the focus from the field (a DOM listener: the box is no control).
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const keep = (e: MouseEvent) => e.preventDefault();
    box.addEventListener('mousedown', keep);
    return () => box.removeEventListener('mousedown', keep);
  }, [place]);
  const typed = normaliseTemporal(type, text);
  const day = typed ? dayjs(typed.slice(0, 10)) : null;
  const time = type === 'datetime' && typed ? typed.slice(11) : '00:00:00';
  const pick = (d: Dayjs) => {
    const date = d.format(GRID_DATE_FORMATS.date);
    onPick(type === 'date' ? date : `${date} ${time}`);
  };
  return (
    <>
      <span ref={markRef} className="hg-pop-mark" />
      {place
        ? createPortal(
            <div
              className="hg-pop hg-calendar"
              style={{ left: place.left, top: place.top, width: DROP_WIDTH }}
              data-testid="grid-calendar"
              ref={boxRef}
            >
              <Calendar
                // A newly typed date shows its month.
                key={day?.format(GRID_DATE_FORMATS.date) ?? ''}
                fullscreen={false}
                defaultValue={day ?? dayjs()}
                onSelect={(d, info) => {
                  if (info.source === 'date') pick(d);
                }}
                headerRender={({ value, onChange }) => {
                  const step = (months: 1 | -1) => (
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-label={months < 0 ? CALENDAR_TEXT.previous : CALENDAR_TEXT.next}
                      onClick={() => onChange(value.add(months, 'month'))}
                    >
                      {months < 0 ? '‹' : '›'}
                    </button>
                  );
                  return (
                    <div className="hg-calendar-head">
                      {step(-1)}
                      <span>{value.format('YYYY年M月')}</span>
                      {step(1)}
                    </div>
                  );
                }}
              />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
