/** Labels and colours of work-order codes, used until the dictionaries answer (and for their tag colours). */
import type { WorkOrderPriority, WorkOrderStatus } from '@houtai/shared/contract/work-order-rules';
import type { DictOption } from '../../lib/dict/use-dict-options.ts';

export const STATUS_OPTIONS: readonly DictOption[] = [
  { value: '0', label: '待处理' },
  { value: '1', label: '处理中' },
  { value: '2', label: '已完成' },
  { value: '3', label: '已关闭' },
];

export const PRIORITY_OPTIONS: readonly DictOption[] = [
  { value: 'H', label: '高' },
  { value: 'M', label: '中' },
  { value: 'L', label: '低' },
];

export const MINE_OPTIONS = [
  { value: 'assigned', label: '指派给我' },
  { value: 'reported', label: '我提交的' },
] as const;

/** antd Tag colours: 待处理 gold, 处理中 blue, 已完成 green, 已关闭 grey (orange is priority 中's). */
export const STATUS_COLORS: Readonly<Record<WorkOrderStatus, string>> = {
  '0': 'gold',
  '1': 'processing',
  '2': 'success',
  '3': 'default',
};

/** The dictionary `priority`'s colours: 高 red, 中 orange, 低 green. */
export const PRIORITY_COLORS: Readonly<Record<WorkOrderPriority, string>> = {
  H: 'red',
  M: 'orange',
  L: 'green',
};

export function statusColor(status: string): string {
  return (STATUS_COLORS as Record<string, string | undefined>)[status] ?? 'default';
}

export function priorityColor(priority: string): string {
  return (PRIORITY_COLORS as Record<string, string | undefined>)[priority] ?? 'default';
}

export function labelOf(options: readonly DictOption[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((o) => o.value === value)?.label ?? value;
}
