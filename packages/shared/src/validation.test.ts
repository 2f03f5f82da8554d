import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  checkEmail,
  checkMobile,
  checkPasswordChange,
  checkUsername,
  isValidPassword,
  MOBILE_GRID,
  PASSWORD_RULE_MESSAGE,
} from './validation.ts';

describe('mobile', () => {
  it('requires a value with 请输入手机号', () => {
    expect(checkMobile('')).toBe('请输入手机号');
  });
  it.each(['13800000000', '14700000000', '15912345678', '17012345678', '18812345678'])('accepts %s', (m) => {
    expect(checkMobile(m)).toBeNull();
  });
  it.each(['12800000000', '16600000000', '19900000000', '1380000000', '138000000000', 'abcdefghijk'])(
    'refuses %s with 请输入正确手机号',
    (m) => {
      expect(checkMobile(m)).toBe('请输入正确手机号');
    },
  );
  it('the grid preset allows any second digit 3-9', () => {
    expect(MOBILE_GRID.pattern.test('16600000000')).toBe(true);
    expect(MOBILE_GRID.pattern.test('12600000000')).toBe(false);
  });
});

describe('username', () => {
  it('requires a value', () => expect(checkUsername('')).toBe('请输入用户名'));
  it('allows letters, digits and underscore only', () =>
    expect(checkUsername('ab-cd')).toBe('只允许字母、数字、下划线'));
  it('checks length 4..18 but says 长度6到18个字符 as the spec writes', () => {
    expect(checkUsername('abc')).toBe('长度6到18个字符');
    expect(checkUsername('abcd')).toBeNull();
    expect(checkUsername('a'.repeat(18))).toBeNull();
    expect(checkUsername('a'.repeat(19))).toBe('长度6到18个字符');
  });
});

describe('email', () => {
  it('is optional', () => expect(checkEmail('')).toBeNull());
  it('refuses a malformed address with 邮箱格式不正确', () => {
    expect(checkEmail('a@b')).toBe('邮箱格式不正确');
    expect(checkEmail('zhang.san@example.com')).toBeNull();
  });
});

describe('password rule', () => {
  it.each(['abc123', 'abcdef!', '123456@', 'Aa1234567890123456ab'])('accepts %s', (p) => {
    expect(isValidPassword(p)).toBe(true);
  });
  it.each(['abcdef', '123456', '@@@@@@', 'ab12', 'a'.repeat(10) + '1'.repeat(11), 'abc 123', 'abc123$'])(
    'refuses %s',
    (p) => {
      expect(isValidPassword(p)).toBe(false);
    },
  );
  it('the change dialog reports its messages in order', () => {
    expect(checkPasswordChange({})).toBe('请输入旧密码!');
    expect(checkPasswordChange({ oldpassword: 'x' })).toBe('请输入新密码!');
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abcdef' })).toBe(PASSWORD_RULE_MESSAGE);
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abc123' })).toBe('请确认新密码!');
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abc123', confirmpassword: 'abc124' })).toBe(
      '两次输入的密码不一样！',
    );
    expect(checkPasswordChange({ oldpassword: 'x', password: 'abc123', confirmpassword: 'abc123' })).toBeNull();
  });
});

describe('pattern catalogue', () => {
  it.each([
    ['naturalNumber', '0', '01'],
    ['english', 'abc', 'ab1'],
    ['bankCard', '1234567890', '123456789'],
    ['idCard', '11010119900307123X', '1101011990030712'],
    ['qq', '12345', '1234'],
    ['url', 'https://example.com', 'ftp://example.com'],
    ['alnum20', 'abc123', 'abc_123'],
    ['zhEnSpace', '张 San', '张'],
    ['digitsAndNewlines', '12\n34', '12a'],
  ] as const)('%s accepts %s and refuses %s', (name, good, bad) => {
    const rule = CATALOGUE[name];
    expect(rule.pattern.test(good)).toBe(true);
    expect(rule.pattern.test(bad)).toBe(false);
  });
});
