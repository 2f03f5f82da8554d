/** Option lists and tags of 菜单管理 (JeecgBoot's menu_type, perms_type, valid_status and rule_conditions texts). */
import type { DataRuleCondition } from '@houtai/shared/contract/admin-menu';

export type MenuType = 0 | 1 | 2;

export const MENU_TYPE_LABEL: Readonly<Record<MenuType, string>> = { 0: '一级菜单', 1: '子菜单', 2: '按钮权限' };
export const MENU_TYPE_COLOR: Readonly<Record<MenuType, string>> = { 0: 'blue', 1: 'cyan', 2: 'default' };

export const MENU_TYPE_OPTIONS: { value: MenuType; label: string }[] = [
  { value: 0, label: '一级菜单' },
  { value: 1, label: '子菜单' },
  { value: 2, label: '按钮/权限' },
];

export const PERMS_TYPE_OPTIONS = [
  { value: '1', label: '显示' },
  { value: '2', label: '禁用' },
];

export const STATUS_OPTIONS = [
  { value: '1', label: '有效' },
  { value: '0', label: '无效' },
];

export const STATUS_LABEL: Readonly<Record<string, string>> = { '1': '有效', '0': '无效' };

export const CONDITION_LABEL: Readonly<Record<DataRuleCondition, string>> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '包含',
  LIKE: '模糊',
  LEFT_LIKE: '左模糊',
  RIGHT_LIKE: '右模糊',
};

export function menuTypeOf(value: number): MenuType {
  return value === 1 || value === 2 ? value : 0;
}
