import { describe, expect, it } from 'vitest';
import { isDigits, isEmail, isIdentifier, isPhone } from './validators';

// Each rule case by case, as its describe title words it.

describe('isIdentifier: only letters, digits and underscore (empty allowed)', () => {
  it.each(['', 'abc', 'ABC', 'abc_123', '_', '2026', 'Contoso_Coffee_01'])('accepts %j', (value) => {
    expect(isIdentifier(value)).toBe(true);
  });
  it.each(['a-b', 'a b', 'a.b', 'café', '中文', 'a\n', ' ', 'a$'])('rejects %j', (value) => {
    expect(isIdentifier(value)).toBe(false);
  });
});

describe('isDigits: digits only (empty allowed)', () => {
  it.each(['', '0', '0123', '9876543210'])('accepts %j', (value) => {
    expect(isDigits(value)).toBe(true);
  });
  it.each(['12a', '-1', '1.5', ' 1', '1 ', '１２', '+1', '1e3'])('rejects %j', (value) => {
    expect(isDigits(value)).toBe(false);
  });
});

describe('isPhone: 1, then one of 3, 4, 5, 7 or 8, then nine digits', () => {
  it.each(['13812345678', '14012345678', '15000000000', '17999999999', '18612345678'])('accepts %j', (value) => {
    expect(isPhone(value)).toBe(true);
  });
  it.each([
    ['second digit 2', '12812345678'],
    ['second digit 6', '16812345678'],
    ['second digit 9', '19812345678'],
    ['second digit 0', '10812345678'],
    ['second digit 1', '11812345678'],
    ['only eight digits after', '1381234567'],
    ['ten digits after', '138123456789'],
    ['not starting with 1', '23812345678'],
    ['country code', '+8613812345678'],
    ['separators', '138-1234-5678'],
    ['letters', '1381234567a'],
    ['empty', ''],
  ])('rejects %s (%j)', (_, value) => {
    expect(isPhone(value)).toBe(false);
  });
});

describe('isEmail: letters or digits with - _ . separators, @, a domain, a TLD of 2+ lowercase letters', () => {
  it.each([
    'advertiser@demo.test',
    'first.last@example.com',
    'a-b_c.d@mail.example.co',
    'User123@Example.org',
    'x@sub-domain.example.cn',
    'a1@b2.io',
  ])('accepts %j', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each([
    ['an uppercase TLD', 'user@example.COM'],
    ['a one-letter TLD', 'user@example.c'],
    ['a TLD with digits', 'user@example.c0m'],
    ['no TLD', 'user@example'],
    ['no local part', '@example.com'],
    ['no domain', 'user@.com'],
    ['no @', 'user.example.com'],
    ['two @', 'user@@example.com'],
    ['a leading separator', '.user@example.com'],
    ['a trailing separator', 'user.@example.com'],
    ['two separators in a row', 'user..name@example.com'],
    ['a plus sign', 'user+tag@example.com'],
    ['a space', 'us er@example.com'],
    ['surrounding spaces', ' user@example.com '],
    ['a domain label starting with a hyphen', 'user@-example.com'],
    ['empty', ''],
  ])('rejects %s (%j)', (_, value) => {
    expect(isEmail(value)).toBe(false);
  });
});
