/**
 * A switch over two stored values (spec §2.2): on is the first option, off the second (default 'Y' and 'N'). An
 * empty value is shown off and the second option is emitted at once, so a form never keeps an empty flag. In query
 * mode (a search form, where "either" must stay possible) it is a select of 是 / 否 with those two values.
 */
import { useEffect } from 'react';
import { Select, Switch } from 'antd';

export const SWITCH_DEFAULT_OPTIONS: readonly [on: string, off: string] = ['Y', 'N'];

export interface ValueSwitchProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** [on, off]; default ['Y', 'N']. */
  options?: readonly [on: string, off: string];
  /** A select of 是/否 that may stay empty (search forms). */
  query?: boolean;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function ValueSwitch({
  value,
  onChange,
  options = SWITCH_DEFAULT_OPTIONS,
  query = false,
  ...rest
}: ValueSwitchProps) {
  const [on, off] = options;
  const empty = value === undefined || value === null || value === '';

  // Not in query mode: an empty value becomes the "off" value (emitted once, when it is found empty).
  useEffect(() => {
    if (!query && empty) onChange?.(off);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value becomes empty, not per new callback
  }, [query, empty, off]);

  if (query) {
    return (
      <Select<string>
        id={rest.id}
        aria-label={rest['aria-label']}
        data-testid={rest['data-testid']}
        value={empty ? undefined : value}
        onChange={(v) => onChange?.(v ?? '')}
        allowClear
        placeholder="请选择"
        disabled={rest.disabled}
        options={[
          { value: on, label: '是' },
          { value: off, label: '否' },
        ]}
        style={{ minWidth: 120 }}
      />
    );
  }
  return (
    <Switch
      id={rest.id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      checked={value === on}
      disabled={rest.disabled}
      onChange={(checked) => onChange?.(checked ? on : off)}
    />
  );
}
