import { describe, expect, it } from 'vitest';
import { maintenanceMargin } from './margin';

describe('maintenanceMargin', () => {
  it('is 0 without loans', () => {
    const m = maintenanceMargin([{ asset: 'USDT', amount: '100', priceUsdt: '1' }], []);
    expect(m.rate?.toFixed()).toBe('0');
    expect(m.equityUsdt.toFixed()).toBe('100');
    expect(m.maintenanceMarginUsdt.toFixed()).toBe('0');
  });

  it('divides 5 % of the loans by the equity, rounded up to 4 decimals', () => {
    // 1,000 USDT + 0.1 BTC at 60,000 = 7,000 held; 3,000 USDT owed → equity 4,000, margin 150.
    const m = maintenanceMargin(
      [
        { asset: 'USDT', amount: '1000', priceUsdt: '1' },
        { asset: 'BTC', amount: '0.1', priceUsdt: '60000' },
      ],
      [{ asset: 'USDT', amount: '3000', priceUsdt: '1' }],
    );
    expect(m.equityUsdt.toFixed()).toBe('4000');
    expect(m.liabilitiesUsdt.toFixed()).toBe('3000');
    expect(m.maintenanceMarginUsdt.toFixed()).toBe('150');
    expect(m.rate?.toFixed()).toBe('0.0375');
    // 150 / 7000 = 0.0214285… → 0.0215
    const n = maintenanceMargin(
      [{ asset: 'USDT', amount: '10000', priceUsdt: '1' }],
      [{ asset: 'USDT', amount: '3000', priceUsdt: '1' }],
    );
    expect(n.rate?.toFixed()).toBe('0.0215');
  });

  it('answers no rate when the loans outweigh the holdings', () => {
    const m = maintenanceMargin(
      [{ asset: 'USDT', amount: '100', priceUsdt: '1' }],
      [{ asset: 'BTC', amount: '1', priceUsdt: '60000' }],
    );
    expect(m.rate).toBeNull();
    expect(m.equityUsdt.toFixed()).toBe('-59900');
  });
});
