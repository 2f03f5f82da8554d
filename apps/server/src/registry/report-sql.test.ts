/** The report SQL checker: what it accepts, how it re-emits it (names from the registry, values bound), and hostile SQL. */
import { CamelCasePlugin, DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { checkReportSql, compileReportSql } from './report-sql.ts';

const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

function refusal(text: string): string {
  try {
    checkReportSql(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('checkReportSql accepts the grammar subset', () => {
  it('a plain select over registered columns, with aliases and a join', () => {
    const c = checkReportSql(
      `select u.id, u.username, u.realname as name, d.depart_name
       from sys_user u left join sys_depart d on d.org_code = u.org_code
       where u.del_flag = 0 and (u.sex in (1, 2) or u.sex is null) order by u.username desc`,
    );
    expect(c.columns).toEqual(['id', 'username', 'name', 'depart_name']);
    expect(c.tables).toEqual(['sys_user', 'sys_depart']);
  });

  it('parameters in every JeecgBoot spelling, in order of first use', () => {
    const c = checkReportSql(
      "select id from bi_work_order where status = '${status}' and create_by = :who and title like ${t}",
    );
    expect(c.params).toEqual(['status', 'who', 't']);
  });

  it('aggregates with aliases, group by, having', () => {
    const c = checkReportSql(
      'select status, count(*) as n, count(distinct reporter_id) as people from bi_work_order group by status having count(*) > 1',
    );
    expect(c.columns).toEqual(['status', 'n', 'people']);
  });
});

describe('compileReportSql', () => {
  it('re-emits names from the registry and binds literals and parameters', () => {
    const q = compileReportSql(
      "select username, realname from sys_user where realname like '%张%' and sex = :sex and id <> 'x''y'",
      { sex: "1' or '1'='1" },
    ).compile(db);
    expect(q.sql).toBe(
      'select "sys_user"."username" as "username", "sys_user"."realname" as "realname" from "sys_user" as "sys_user" ' +
        'where ((("sys_user"."realname" like ?) and ("sys_user"."sex" = ?)) and ("sys_user"."id" <> ?))',
    );
    expect(q.parameters).toEqual(['%张%', "1' or '1'='1", "x'y"]);
  });

  it('a parameter without a value is NULL, bound', () => {
    const q = compileReportSql('select id from sys_user where username = ${u}', {}).compile(db);
    expect(q.sql).toContain('= ?');
    expect(q.parameters).toEqual([null]);
  });
});

describe('checkReportSql refuses hostile or unsupported SQL', () => {
  const cases: [string, RegExp][] = [
    ['select password from sys_user', /不允许查询列 password/],
    ['select u.salt from sys_user u', /不允许查询列 u\.salt/],
    ['select * from sys_user', /不允许 \*/],
    ['select u.* from sys_user u', /不允许 \*/],
    ['select id from sys_user_token', /不允许查询表 sys_user_token/],
    ['select id from sys_user; delete from sys_user', /分号/],
    ['select id from sys_user -- comment', /注释/],
    ['select id /* x */ from sys_user', /注释/],
    ['select id from sys_user # x', /注释/],
    ['delete from sys_user', /SELECT/],
    ['update sys_user set status = 2', /SELECT/],
    ['insert into sys_user (id) values (1)', /SELECT/],
    ['drop table sys_user', /SELECT/],
    ['pragma table_info(sys_user)', /SELECT/],
    ["attach database '/tmp/x' as x", /SELECT/],
    ['with x as (select id from sys_user) select id from x', /WITH/],
    ['select id from sys_user union select password from sys_user', /UNION/],
    ['select id from sys_user where id in (select id from sys_user)', /子查询/],
    ['select id from sys_user where exists (select 1)', /不允许调用函数 exists/],
    ['select sleep(5) as s from sys_user', /不允许调用函数 sleep/],
    ["select load_file('/etc/passwd') as f from sys_user", /不允许调用函数 load_file/],
    ["select pg_read_file('/etc/passwd') as f from sys_user", /不允许调用函数 pg_read_file/],
    ['select randomblob(1000000000) as b from sys_user', /不允许调用函数 randomblob/],
    ['select "password" from sys_user', /不支持的字符 "/],
    ['select `password` from sys_user', /不支持的字符 `/],
    ['select id::text as i from sys_user', /不支持的字符 :/],
    ["select id from sys_user where username = '${u}' || 'x${v}'", /拼接/],
    ["select id from sys_user where username = 'a\\' or 1=1", /反斜杠|没有结束/],
    ['select id from sys_user limit 1', /LIMIT/],
    ['select username || realname from sys_user', /别名/],
    ['select id, id from sys_user', /列名重复/],
    ['select id from sys_user u join sys_role r on 1 = 1', /不明确/],
    ['select x.id from sys_user u', /未知的表别名 x/],
    ['SELECT ID FROM SYS_USER', /小写/],
    ['', /不能为空/],
    [`select id from sys_user where ${'('.repeat(100)}1=1${')'.repeat(100)}`, /嵌套过深/],
    [`select id from sys_user where ${'id = 1 or '.repeat(300)}1=1`, /语句过长|长度/],
  ];
  it.each(cases)('%s', (text, message) => {
    expect(refusal(text)).toMatch(/^报表SQL不合法：/);
    expect(refusal(text)).toMatch(message);
  });
});
