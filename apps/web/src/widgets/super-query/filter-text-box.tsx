/**
 * The filter text box (spec §2.6, §5.5): a text filter of a list's query form whose text may carry the operators
 * JeecgBoot's lists read (`*x*` contains, `x*` starts with, `*x` ends with, `!x` not equal, `>=x`, `<=x`). The
 * text is sent as typed — the server reads the operators (parseFilterText in @houtai/shared/super-query, the same
 * rule) — and the box shows how it will be read.
 */
import { Input, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { parseFilterText, SUPER_QUERY_RULE_LABELS, type SuperQueryRule } from '@houtai/shared/super-query';

export const FILTER_TEXT_HELP = '*值* 包含，值* 以..开始，*值 以..结尾，!值 不等于，>=值 大于等于，<=值 小于等于';

export interface FilterTextBoxProps {
  value?: string;
  onChange?: (text: string) => void;
  /** Enter: the text as typed and how it reads (null when blank). */
  onSearch?: (text: string, parsed: { rule: SuperQueryRule; value: string } | null) => void;
  /** How plain text reads on this list (JeecgBoot: eq; a title box: like). */
  defaultRule?: SuperQueryRule;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  /** Show how the text will be read under the box. */
  showReading?: boolean;
}

export function FilterTextBox({
  value,
  onChange,
  onSearch,
  defaultRule = 'eq',
  placeholder,
  showReading = false,
  ...rest
}: FilterTextBoxProps) {
  const parsed = parseFilterText(value, defaultRule);
  return (
    <div>
      <Input
        {...rest}
        allowClear
        value={value}
        placeholder={placeholder ?? '可用 *、!、>=、<= 筛选'}
        onChange={(e) => onChange?.(e.target.value)}
        onPressEnter={() => onSearch?.(value ?? '', parsed)}
        suffix={
          <Tooltip title={FILTER_TEXT_HELP}>
            <QuestionCircleOutlined aria-label="筛选写法说明" />
          </Tooltip>
        }
      />
      {showReading && (
        <Typography.Text type="secondary" data-testid="filter-text-reading">
          {parsed ? `${SUPER_QUERY_RULE_LABELS[parsed.rule]}：${parsed.value}` : '不筛选'}
        </Typography.Text>
      )}
    </div>
  );
}
