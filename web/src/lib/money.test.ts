import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '@/lib/money';

describe('plan values in pt-BR money format', () => {
  it('formats reais with comma decimals and dot thousands', () => {
    expect(formatMoney(1234.5).replace(/\u00a0/g, ' ')).toBe('R$ 1.234,50');
    expect(formatMoney('99.9').replace(/\u00a0/g, ' ')).toBe('R$ 99,90');
    expect(formatMoney(null)).toBe('');
  });

  it('reads what a person types', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 10,5')).toBe(10.5);
    expect(parseMoney('10.50')).toBe(10.5);
    expect(parseMoney('1.000')).toBe(1000);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('dez')).toBeNull();
  });
});
