import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_RULES,
  checkLength,
  checkPattern,
  checkSelection,
  GRID_PRESETS,
  isPatternName,
  PATTERNS,
  type PatternName,
} from './patterns.ts';
import { CATALOGUE } from './validation.ts';

/** [rule, accepted values, refused values, message] — the §5.3 table row by row. */
const CATALOGUE_CASES: [PatternName, string[], string[], string][] = [
  ['mobile', ['13800000000', '18812345678'], ['16600000000', '1380000000'], '请输入正确手机号'],
  ['username', ['abcd', 'a_b_c_123456789012'], ['ab-cd', '用户名'], '只允许字母、数字、下划线'],
  ['email', ['a.b@example.com'], ['a@b', 'a b@c.com'], '邮箱格式不正确'],
  ['naturalNumber', ['0', '17'], ['01', '-1', '1.5'], '请输入自然数'],
  ['english', ['abcXYZ'], ['abc1', 'a b'], '请输入英文字符'],
  ['landline', ['010-12345678', '12345678', '0571-1234567-89'], ['1234', '010-123'], '请输入正确的座机号'],
  [
    'bankCard',
    ['1234567890', '12345678901234567890'],
    ['123456789', '123456789012345678901'],
    '请输入正确的银行卡号码',
  ],
  ['idNumber', ['A1234567', 'x'.repeat(50)], ['x'.repeat(51), 'A-1'], '请输入正确的证件号码'],
  [
    'idCard',
    ['110101199001011234', '11010119900101123X', '110101900101123'],
    ['1101011990010112', '11010119900101123Y'],
    '请输入正确的身份证号码',
  ],
  ['qq', ['10000', '123456789012'], ['1234', '1234567890123', '01234'], '请输入正确的QQ号码'],
  ['url', ['http://a.cn', 'https://example.com/x?y=1'], ['ftp://a.cn', 'www.a.cn'], '请输入以http和https开头的网址'],
  ['alnum20', ['abc123', 'a'.repeat(20)], ['a'.repeat(21), 'ab_'], '请输入20位以内的英文字符和数字'],
  ['zhEnSpace', ['张三 Li', 'ab'], ['a', '张三1', 'a'.repeat(101)], '请输入2到100位的中英文字符和空格'],
  ['digitsAndNewlines', ['123\n456', '1\r\n2'], ['12a', '1 2'], '请输入数字和换行符'],
  ['max255', ['x'.repeat(255)], ['x'.repeat(256)], '请输入255位以内的字符'],
];

describe('the §5.3 catalogue through checkPattern', () => {
  it.each(CATALOGUE_CASES)('%s', (name, good, bad, message) => {
    for (const v of good) expect(checkPattern(name, v), v).toBeNull();
    for (const v of bad) expect(checkPattern(name, v), v).toBe(message);
  });
  it('mobile and username are required; the others pass an empty value', () => {
    expect(checkPattern('mobile', '')).toBe('请输入手机号');
    expect(checkPattern('username', null)).toBe('请输入用户名');
    for (const name of Object.keys(CATALOGUE_RULES) as PatternName[]) {
      if (name === 'mobile' || name === 'username') continue;
      expect(checkPattern(name, ''), name).toBeNull();
      expect(checkPattern(name, undefined), name).toBeNull();
    }
  });
  it('username length 4..18 with the message the spec gives (长度6到18个字符)', () => {
    expect(checkPattern('username', 'abc')).toBe('长度6到18个字符');
    expect(checkPattern('username', 'abcd')).toBeNull();
    expect(checkPattern('username', 'a'.repeat(18))).toBeNull();
    expect(checkPattern('username', 'a'.repeat(19))).toBe('长度6到18个字符');
  });
  it('reuses the rules of validation.ts (one rule set)', () => {
    expect(CATALOGUE_RULES.landline.pattern).toBe(CATALOGUE.landline.pattern);
    expect(CATALOGUE_RULES.qq.message).toBe(CATALOGUE.qq.message);
  });
});

describe('the §5.2 grid presets', () => {
  const cases: [PatternName, string[], string[]][] = [
    ['n6-16', ['123456', '1'.repeat(16)], ['12345', '1'.repeat(17), '12345a']],
    ['*6-16', ['ab c!?', '中文中文中文'], ['abcde', 'x'.repeat(17)]],
    ['s6-18', ['abcdef', 'A'.repeat(18)], ['abcde', 'abcde1', 'a'.repeat(19)]],
    ['e', ['x@y.cn'], ['x@y']],
    ['m', ['16600000000', '19900000000', '13000000000'], ['12600000000', '1660000000']],
    ['p', ['100000', '999999'], ['010000', '12345', '1234567']],
    ['s', ['abc', 'ABC'], ['ab1', 'a b']],
    ['n', ['1', '-1', '3.14', '-0.5'], ['1.', '.5', 'a', '--1', '1e3']],
    ['z', ['0', '-12', '42'], ['1.0', 'a']],
    ['money', ['0', '12', '12.3', '12.34', '-1.5'], ['12.345', '01', '1.', 'a']],
  ];
  it.each(cases)('%s', (name, good, bad) => {
    for (const v of good) expect(checkPattern(name, v), v).toBeNull();
    for (const v of bad) expect(checkPattern(name, v), v).toBe(PATTERNS[name].message);
  });
  it('the mobile preset (3-9) and the catalogue mobile (3,4,5,7,8) differ as the spec says', () => {
    expect(checkPattern('m', '16600000000')).toBeNull();
    expect(checkPattern('mobile', '16600000000')).toBe('请输入正确手机号');
  });
  it('a preset is skipped on an empty value, except * (non-empty)', () => {
    expect(checkPattern('n6-16', '')).toBeNull();
    expect(checkPattern('*', '')).toBe('该项不能为空');
    expect(checkPattern('*', '   ')).toBe('该项不能为空');
    expect(checkPattern('*', 'x')).toBeNull();
  });
  it('numbers are checked as text', () => {
    expect(checkPattern('z', 12)).toBeNull();
    expect(checkPattern('z', 1.5)).toBe('请输入整数');
  });
  it('has every preset the spec names', () => {
    expect(Object.keys(GRID_PRESETS).sort()).toEqual(
      ['n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', '*', 'money'].sort(),
    );
  });
});

describe('custom expressions and names', () => {
  it('applies a RegExp with its message, default 输入格式不正确', () => {
    expect(checkPattern(/^a+$/, 'aaa')).toBeNull();
    expect(checkPattern(/^a+$/, 'b')).toBe('输入格式不正确');
    expect(checkPattern(/^a+$/, 'b', '只能输入a')).toBe('只能输入a');
    expect(checkPattern(/^a+$/, '')).toBeNull();
  });
  it('a global expression gives the same answer every time', () => {
    const re = /^a$/g;
    expect([checkPattern(re, 'a'), checkPattern(re, 'a'), checkPattern(re, 'a')]).toEqual([null, null, null]);
  });
  it('an unknown name throws; isPatternName tells names apart', () => {
    expect(() => checkPattern('nope' as PatternName, 'x')).toThrow(/unknown pattern/);
    expect(isPatternName('money')).toBe(true);
    expect(isPatternName('toString')).toBe(false);
  });
});

describe('length and selection bounds', () => {
  it('min/max length in characters', () => {
    expect(checkLength('ab', { min: 3 })).toBe('最小长度3位字符');
    expect(checkLength('abcd', { max: 3 })).toBe('最大长度3位字符');
    expect(checkLength('中文字', { min: 3, max: 3 })).toBeNull();
    expect(checkLength('', { min: 3 })).toBeNull();
  });
  it('checkbox min/max on arrays and comma-joined values', () => {
    expect(checkSelection(['a'], { min: 2 })).toBe('最少选择2项');
    expect(checkSelection('a,b,c', { max: 2 })).toBe('最多选择2项');
    expect(checkSelection('a,b', { min: 2, max: 2 })).toBeNull();
    expect(checkSelection('', { min: 1 })).toBe('最少选择1项');
    expect(checkSelection(null, { min: 1 })).toBe('最少选择1项');
  });
});
