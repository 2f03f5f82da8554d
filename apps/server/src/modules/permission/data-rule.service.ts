/**
 * Data rules (数据规则): a menu's rules narrow what the list behind the menu shows to a role that is granted them
 * (sys_role_permission.data_rule_ids). A rule is `field condition value`: the field an API name of the list's
 * registry entity (`filter: true` only), the condition one of a closed set (never typed SQL: USE_SQL_RULES is
 * refused), the value bound, optionally naming #{sys_user_code} (username), #{sys_org_code} (the user's current
 * department code) or #{sys_date} (today, Asia/Shanghai). Compiled by the registry's advanced-query compiler.
 *
 * A list honours data rules when it is registered in DATA_RULE_LISTS (menu url → registry entity) and its service
 * asks dataRuleWhere() for the caller's condition. The condition is the AND of every active rule chosen on any of
 * the user's role and department-role links to the menu (JeecgBoot's semantics); no chosen rule → no narrowing.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SuperQueryRule } from '@houtai/shared/super-query';
import { ADMIN_TEXT } from '@houtai/shared/contract/admin';
import {
  MENU_TEXT,
  type DataRuleAddBody,
  type DataRuleCondition,
  type DataRuleEditBody,
  type DataRuleSearchQuery,
  type RoleDataRuleBody,
  type RoleDataRuleResult,
  type SysPermissionDataRule,
} from '@houtai/shared/contract/admin-menu';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso, shanghaiDate, toWireTime } from '../../lib/time.ts';
import { compileSuperQuery, ENTITIES } from '../../registry/index.ts';
import type { EntityDef } from '../../registry/types.ts';
import * as userService from '../user/user.service.ts';
import { markRuleFlag } from './menu-admin.service.ts';
import { invalidatePermissions } from './permission-codes.service.ts';
import * as repo from './data-rule.repository.ts';

/** The lists that honour data rules: the url of their menu → the registry entity their rows come from. */
export const DATA_RULE_LISTS: Readonly<Record<string, string>> = {
  '/bi/workOrder/WorkOrderList': 'bi_work_order',
};

const RULE_OF: Readonly<Record<DataRuleCondition, SuperQueryRule>> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
};

/** Who the rule values are evaluated for. */
export interface RuleSubject {
  userId: string;
  username: string;
}

interface RuleValues {
  sys_user_code: string;
  sys_org_code: string;
  sys_date: string;
}

function entityOfUrl(url: string | null | undefined): EntityDef | null {
  if (!url || !Object.hasOwn(DATA_RULE_LISTS, url)) return null;
  const name = DATA_RULE_LISTS[url];
  return ENTITIES.find((e) => name !== undefined && e.names.includes(name)) ?? null;
}

/** The filterable registry column a rule names (camelCase or snake_case), or null. */
function filterableColumn(entity: EntityDef, field: string): boolean {
  for (const name of [field, field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]) {
    if (Object.hasOwn(entity.columns, name) && entity.columns[name]?.filter) return true;
  }
  return false;
}

function substitute(value: string, v: RuleValues): string {
  return value.replace(/#\{(sys_user_code|sys_org_code|sys_date)\}/g, (_, name: keyof RuleValues) => v[name]);
}

/** One rule as a bound predicate; a value that comes out empty (e.g. no org code) matches nothing. */
function ruleSql(
  entity: EntityDef,
  rule: Pick<repo.DataRuleRow, 'ruleColumn' | 'ruleConditions' | 'ruleValue'>,
  values: RuleValues,
  alias: string | null,
): RawBuilder<SqlBool> {
  const cond = rule.ruleConditions as DataRuleCondition;
  if (!Object.hasOwn(RULE_OF, cond) || !filterableColumn(entity, rule.ruleColumn)) {
    throw AppError.business(MENU_TEXT.ruleBroken);
  }
  const val = substitute(rule.ruleValue, values);
  if (val.trim() === '') return sql<SqlBool>`1 = 0`;
  const compiled = compileSuperQuery(entity, alias, [{ field: rule.ruleColumn, rule: RULE_OF[cond], val }], 'and');
  return compiled ?? sql<SqlBool>`1 = 0`;
}

function toWire(r: repo.DataRuleRow): SysPermissionDataRule {
  return { ...r, createTime: toWireTime(r.createTime), updateTime: toWireTime(r.updateTime) };
}

// ---------------------------------------------------------------------------------------------------------
// Evaluation

/**
 * The condition the user's data rules put on the list at `menuUrl` (a registered list), or null when none of the
 * user's roles chose a rule there. Columns are qualified by `alias` when the list query joins.
 */
export async function dataRuleWhere(
  db: Db,
  subject: RuleSubject,
  menuUrl: string,
  alias: string | null = null,
): Promise<RawBuilder<SqlBool> | null> {
  const entity = entityOfUrl(menuUrl);
  if (!entity) throw new Error(`data rules: ${menuUrl} is not in DATA_RULE_LISTS`);
  const links = await repo.findUserRuleLinks(db, subject.userId, menuUrl);
  const ids = [...new Set(links.flatMap((l) => (l.dataRuleIds ?? '').split(',')).map((s) => s.trim()))].filter(
    (s) => s !== '',
  );
  if (ids.length === 0) return null;
  const rules = await repo.findActiveRules(
    db,
    ids,
    links.map((l) => l.permissionId),
  );
  if (rules.length === 0) return null;
  const needsOrg = rules.some((r) => r.ruleValue.includes('#{sys_org_code}'));
  const orgCode = needsOrg ? ((await userService.findUserById(db, subject.userId))?.orgCode ?? '') : '';
  const values: RuleValues = {
    sys_user_code: subject.username,
    sys_org_code: orgCode,
    sys_date: shanghaiDate(Date.now()),
  };
  const parts = rules.map((r) => ruleSql(entity, r, values, alias));
  return sql<SqlBool>`${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` and `,
  )}`;
}

// ---------------------------------------------------------------------------------------------------------
// Administration of a menu's rules

/** A rule must name a filterable field of the menu's list and a value that field accepts. */
async function checkRule(db: Db, permissionId: string, body: Omit<DataRuleAddBody, 'permissionId'>): Promise<void> {
  const menu = await repo.findMenuUrl(db, permissionId);
  if (!menu) throw AppError.business(ADMIN_TEXT.notFound);
  const entity = entityOfUrl(menu.url);
  if (!entity) throw AppError.business(MENU_TEXT.ruleMenuNotListed);
  if (!filterableColumn(entity, body.ruleColumn))
    throw AppError.business(MENU_TEXT.ruleColumnNotAllowed(body.ruleColumn));
  // The value as it would be evaluated for a sample user: a number column refuses text, a date column other forms.
  ruleSql(entity, body, { sys_user_code: 'admin', sys_org_code: 'A01', sys_date: shanghaiDate(Date.now()) }, null);
}

export async function rulesOfMenu(db: Db, permissionId: string): Promise<SysPermissionDataRule[]> {
  return (await repo.findRulesOf(db, permissionId)).map(toWire);
}

export async function searchRules(db: Db, q: DataRuleSearchQuery): Promise<SysPermissionDataRule[]> {
  return (await repo.searchRules(db, q)).map(toWire);
}

export async function addRule(
  db: Db,
  actor: { username: string },
  body: DataRuleAddBody,
): Promise<SysPermissionDataRule> {
  await checkRule(db, body.permissionId, body);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await repo.insertRule(trx, {
      id,
      permissionId: body.permissionId,
      ruleName: body.ruleName,
      ruleColumn: body.ruleColumn,
      ruleConditions: body.ruleConditions,
      ruleValue: body.ruleValue,
      status: body.status ?? '1',
      createBy: actor.username,
      createTime: nowIso(),
      updateBy: null,
      updateTime: null,
    });
    await markRuleFlag(trx, body.permissionId, true);
  });
  await invalidatePermissions(db);
  const row = await repo.findRule(db, id);
  if (!row) throw AppError.business(MENU_TEXT.ruleNotFound);
  return toWire(row);
}

/** The rule stays on its menu (a permissionId in the body naming another menu is refused). */
export async function editRule(db: Db, actor: { username: string }, body: DataRuleEditBody): Promise<void> {
  const prev = await repo.findRule(db, body.id);
  if (!prev) throw AppError.business(MENU_TEXT.ruleNotFound);
  if (prev.permissionId !== body.permissionId) throw AppError.business(MENU_TEXT.ruleNotOfMenu);
  await checkRule(db, prev.permissionId, body);
  await repo.updateRule(db, prev.id, {
    ruleName: body.ruleName,
    ruleColumn: body.ruleColumn,
    ruleConditions: body.ruleConditions,
    ruleValue: body.ruleValue,
    status: body.status ?? prev.status,
    updateBy: actor.username,
    updateTime: nowIso(),
  });
  await invalidatePermissions(db);
}

/** Deletes the rule and takes it off every role that chose it. */
export async function deleteRule(db: Db, id: string): Promise<void> {
  const prev = await repo.findRule(db, id);
  if (!prev) throw AppError.business(MENU_TEXT.ruleNotFound);
  await db.transaction().execute(async (trx) => {
    await repo.deleteRule(trx, id);
    for (const link of await repo.findLinksWithRules(trx, prev.permissionId)) {
      const ids = (link.dataRuleIds ?? '').split(',').map((s) => s.trim());
      if (!ids.includes(id)) continue;
      const rest = ids.filter((s) => s !== '' && s !== id);
      await repo.setLinkRules(trx, link.id, rest.length > 0 ? rest.join(',') : null);
    }
    if ((await repo.countRules(trx, prev.permissionId)) === 0) await markRuleFlag(trx, prev.permissionId, false);
  });
  await invalidatePermissions(db);
}

// ---------------------------------------------------------------------------------------------------------
// A role's rules on a menu

/**
 * What a data-rule dialog reads (role, department, department role): the rules offered, and of the grant's chosen
 * ids (comma text as stored) those still offered.
 */
export function dataRuleChoice(rules: SysPermissionDataRule[], chosen: string | null | undefined): RoleDataRuleResult {
  const offered = new Set(rules.map((r) => r.id));
  const checked = (chosen ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => offered.has(s));
  return { datarule: rules, drChecked: checked.join(',') };
}

export async function roleDataRules(db: Db, permissionId: string, roleId: string): Promise<RoleDataRuleResult> {
  const rules = await rulesOfMenu(db, permissionId);
  if (rules.length === 0) throw AppError.business(MENU_TEXT.menuHasNoRules);
  return dataRuleChoice(rules, (await repo.findRoleLink(db, roleId, permissionId))?.dataRuleIds);
}

export async function saveRoleDataRules(db: Db, body: RoleDataRuleBody): Promise<void> {
  const link = await repo.findRoleLink(db, body.roleId, body.permissionId);
  if (!link) throw AppError.business(MENU_TEXT.roleNoMenu);
  if (body.dataRuleIds.length > 0) {
    const known = new Set((await repo.findRulesOf(db, body.permissionId)).map((r) => r.id));
    if (!body.dataRuleIds.every((id) => known.has(id))) throw AppError.business(MENU_TEXT.ruleNotOfMenu);
  }
  await repo.setLinkRules(db, link.id, body.dataRuleIds.length > 0 ? body.dataRuleIds.join(',') : null);
  await invalidatePermissions(db);
}
