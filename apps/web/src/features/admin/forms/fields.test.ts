import { describe, expect, test } from 'vitest';
import {
  changedFields,
  createBody,
  editBody,
  type FieldSpec,
  formatUtcInput,
  initialValues,
  parseField,
  parseUtcInput,
  validateForm,
} from './fields';
import { fixedSpecs, flexibleSpecs, stakingSpecs } from './specs';

const flexRow = {
  asset: 'USDT',
  status: 1,
  sort: 1,
  min_lend_amount: '1',
  next_time_rate_year: '0.0523',
  borrow_demand: '5000000',
  ladder_apr: [{ left: '0', right: '', apr: '0.01' }],
  ext_award_rate_year: '0',
  ext_award_limit: '0',
  award_asset: null,
  is_open_award_pool: false,
  limit_min_lend_rate_year: '0',
  max_lend_rate_year: '5',
  accrued_until: 1_790_000_000,
};

describe('parseField', () => {
  const rate: FieldSpec = { key: 'r', label: 'x', kind: 'decimal', places: 8, required: true };
  test('a decimal is a plain decimal string with at most its places', () => {
    expect(parseField(rate, '0.05')).toEqual({ ok: true, value: '0.05' });
    expect(parseField(rate, ' 0.05 ')).toEqual({ ok: true, value: '0.05' });
    expect(parseField(rate, '1e3')).toMatchObject({ ok: false, error: { key: 'admin.form.decimal' } });
    // A negative rate is named as such, not as "not a decimal".
    expect(parseField(rate, '-0.01')).toMatchObject({ ok: false, error: { key: 'admin.form.negative' } });
    expect(parseField(rate, '-1')).toMatchObject({ ok: false, error: { key: 'admin.form.negative' } });
    expect(parseField(rate, '--1')).toMatchObject({ ok: false, error: { key: 'admin.form.decimal' } });
    expect(parseField(rate, '-1e3')).toMatchObject({ ok: false, error: { key: 'admin.form.decimal' } });
    expect(parseField(rate, '0.123456789')).toMatchObject({
      ok: false,
      error: { key: 'admin.form.places', params: { places: 8 } },
    });
    expect(parseField(rate, '')).toMatchObject({ ok: false, error: { key: 'admin.form.required' } });
  });

  test('positive, highest value and "-1" for no limit', () => {
    expect(parseField({ ...rate, positive: true }, '0')).toMatchObject({
      error: { key: 'admin.form.positive' },
    });
    expect(parseField({ ...rate, max: '1' }, '1.5')).toMatchObject({ error: { key: 'admin.form.max' } });
    expect(parseField({ ...rate, unlimited: true }, '-1')).toEqual({ ok: true, value: '-1' });
  });

  test('an empty optional field is left out, or null when nullable, or "" for a text', () => {
    expect(parseField({ key: 'a', label: 'x', kind: 'decimal' }, '')).toEqual({ ok: true, value: undefined });
    expect(parseField({ key: 'a', label: 'x', kind: 'asset', nullable: true }, '')).toEqual({
      ok: true,
      value: null,
    });
    expect(parseField({ key: 'a', label: 'x', kind: 'text' }, ' ')).toEqual({ ok: true, value: '' });
  });

  test('whole numbers within bounds, coins upper-cased, JSON, ids, choices', () => {
    const int: FieldSpec = { key: 'n', label: 'x', kind: 'int', minInt: 1, maxInt: 3650 };
    expect(parseField(int, '30')).toEqual({ ok: true, value: 30 });
    expect(parseField(int, '0')).toMatchObject({ error: { key: 'admin.form.minInt', params: { min: 1 } } });
    expect(parseField(int, '1.5')).toMatchObject({ error: { key: 'admin.form.int' } });
    expect(parseField({ key: 'c', label: 'x', kind: 'asset' }, 'usdt')).toEqual({ ok: true, value: 'USDT' });
    expect(parseField({ key: 'c', label: 'x', kind: 'asset' }, 'US-DT')).toMatchObject({ ok: false });
    expect(parseField({ key: 'j', label: 'x', kind: 'json' }, '[1,')).toMatchObject({
      error: { key: 'admin.form.json' },
    });
    expect(parseField({ key: 'i', label: 'x', kind: 'ids' }, '3, 4 5')).toEqual({
      ok: true,
      value: [3, 4, 5],
    });
    expect(parseField({ key: 'i', label: 'x', kind: 'ids' }, '3, -4')).toMatchObject({ ok: false });
    const select: FieldSpec = {
      key: 's',
      label: 'x',
      kind: 'select',
      numeric: true,
      options: [{ value: '1', label: 'a' }],
    };
    expect(parseField(select, '1')).toEqual({ ok: true, value: 1 });
    expect(parseField(select, '2')).toMatchObject({ error: { key: 'admin.form.choice' } });
    expect(parseField({ key: 'f', label: 'x', kind: 'flag' }, true)).toEqual({ ok: true, value: 1 });
  });
});

describe('UTC times', () => {
  test('read and written as UTC, whatever the browser zone', () => {
    expect(parseUtcInput('2026-01-02 03:04')).toBe(Date.UTC(2026, 0, 2, 3, 4) / 1000);
    expect(formatUtcInput(Date.UTC(2026, 0, 2, 3, 4) / 1000)).toBe('2026-01-02 03:04');
    expect(parseUtcInput('2026-02-30 00:00')).toBeNull();
    expect(parseUtcInput('2026-01-02 24:00')).toBeNull();
    expect(parseUtcInput('yesterday')).toBeNull();
  });
});

describe('every rate is typed and shown in percent (issue 27)', () => {
  const rate = flexibleSpecs.find((s) => s.key === 'next_time_rate_year') as FieldSpec;
  const ladder = flexibleSpecs.find((s) => s.key === 'ladder_apr') as FieldSpec;

  test('a fraction on the wire is its percent in the input, and the percent typed is sent as the fraction', () => {
    expect(initialValues([rate], flexRow)).toEqual({ next_time_rate_year: '5.23' });
    // The slip: 6 typed where a fraction was meant is 6 %, not 600 %.
    expect(parseField(rate, '6')).toEqual({ ok: true, value: '0.06' });
    expect(parseField(rate, '6.123456')).toEqual({ ok: true, value: '0.06123456' });
    // The wire takes 8 decimals of a fraction: 6 of a percent.
    expect(parseField(rate, '6.1234567')).toMatchObject({
      ok: false,
      error: { key: 'admin.form.places', params: { places: 6 } },
    });
    // The highest rate (10 on the wire) is 1000 %.
    expect(parseField(rate, '1000')).toEqual({ ok: true, value: '10' });
    expect(parseField(rate, '1000.01')).toMatchObject({
      ok: false,
      error: { key: 'admin.form.max', params: { max: '1000' } },
    });
  });

  test('decimal strings, not numbers: no digit is lost either way', () => {
    expect(parseField(rate, '0.000001')).toEqual({ ok: true, value: '0.00000001' });
    expect(initialValues([rate], { next_time_rate_year: '0.30000001' })).toEqual({
      next_time_rate_year: '30.000001',
    });
    expect(parseField(rate, '30.000001')).toEqual({ ok: true, value: '0.30000001' });
  });

  test("a ladder's APRs are percents in the form and fractions in the body", () => {
    const row = {
      ladder_apr: [
        { left: '0', right: '500', apr: '0.1' },
        { left: '500', right: '', apr: '0.035' },
      ],
    };
    const text = initialValues([ladder], row).ladder_apr as string;
    expect(JSON.parse(text)).toEqual([
      { left: '0', right: '500', apr: '10' },
      { left: '500', right: '', apr: '3.5' },
    ]);
    expect(parseField(ladder, text)).toEqual({ ok: true, value: row.ladder_apr });
    expect(parseField(ladder, JSON.stringify([{ left: '0', right: '', apr: '2.1234567' }]))).toMatchObject({
      ok: false,
      error: { key: 'admin.form.places', params: { places: 6 } },
    });
  });
});

describe('an edit sends only what changed', () => {
  test('untouched fields are no change, whatever their spelling on the wire', () => {
    const initial = initialValues(flexibleSpecs, flexRow);
    expect(changedFields(flexibleSpecs, initial, initial)).toEqual([]);
    // The rate reads in percent; written with a trailing zero it is the same rate.
    expect(initial.next_time_rate_year).toBe('5.23');
    expect(changedFields(flexibleSpecs, initial, { ...initial, next_time_rate_year: '5.230' })).toEqual([]);
  });

  test('a changed rate is the one field of the body, with its value before', () => {
    const initial = initialValues(flexibleSpecs, flexRow);
    const changes = changedFields(flexibleSpecs, initial, { ...initial, next_time_rate_year: '6' });
    expect(changes.map((c) => [c.spec.key, c.before, c.after])).toEqual([
      ['next_time_rate_year', '0.0523', '0.06'],
    ]);
    expect(editBody(changes)).toEqual({ next_time_rate_year: '0.06' });
  });

  test('a field given at creation only is never part of an edit', () => {
    const initial = initialValues(flexibleSpecs, flexRow);
    expect(changedFields(flexibleSpecs, initial, { ...initial, asset: 'BTC' })).toEqual([]);
  });

  test('JSON, switches and nullable fields compare by value', () => {
    const initial = initialValues(flexibleSpecs, flexRow);
    const reformatted = JSON.stringify([{ left: '0', right: '', apr: '1.0' }]);
    expect(changedFields(flexibleSpecs, initial, { ...initial, ladder_apr: reformatted })).toEqual([]);
    const changes = changedFields(flexibleSpecs, initial, {
      ...initial,
      is_open_award_pool: true,
      award_asset: 'gt',
    });
    expect(editBody(changes)).toEqual({ is_open_award_pool: true, award_asset: 'GT' });
  });

  test('a nested field goes into its object alone', () => {
    const row = {
      id: 1,
      coin: 'ETH',
      rate: '4',
      extra: { redeem_fee: '0.001', redeem_minday: 2 },
      is_crowd: 0,
    };
    const initial = initialValues(stakingSpecs, row);
    expect(initial.is_crowd).toBe(false);
    // A fee rate too is typed in percent: 0.2 % is the wire's 0.002.
    expect(initial['extra.redeem_fee']).toBe('0.1');
    const changes = changedFields(stakingSpecs, initial, { ...initial, 'extra.redeem_fee': '0.2' });
    expect(editBody(changes)).toEqual({ extra: { redeem_fee: '0.002' } });
  });

  test('a time edited in UTC is sent as unix seconds; emptied end time is null', () => {
    const row = {
      id: 7,
      asset: 'USDT',
      start_time: Date.UTC(2026, 0, 1) / 1000,
      end_time: Date.UTC(2026, 5, 1) / 1000,
    };
    const initial = initialValues(fixedSpecs, row);
    expect(initial.start_time).toBe('2026-01-01 00:00');
    const changes = changedFields(fixedSpecs, initial, {
      ...initial,
      start_time: '2026-01-02 00:00',
      end_time: '',
    });
    expect(editBody(changes)).toEqual({ start_time: Date.UTC(2026, 0, 2) / 1000, end_time: null });
  });
});

describe('validation of a whole form', () => {
  test('a creation reports every missing or malformed field and builds the body of the given ones', () => {
    const empty = initialValues(flexibleSpecs, null, { status: 1 });
    const { errors } = validateForm(flexibleSpecs, empty, 'create');
    expect(Object.keys(errors).sort()).toEqual([
      'asset',
      'borrow_demand',
      'min_lend_amount',
      'next_time_rate_year',
    ]);

    const filled = {
      ...empty,
      asset: 'sol',
      next_time_rate_year: '4',
      min_lend_amount: '0.1',
      borrow_demand: '1000',
    };
    const ok = validateForm(flexibleSpecs, filled, 'create');
    expect(ok.errors).toEqual({});
    expect(createBody(flexibleSpecs, ok.wire)).toEqual({
      asset: 'SOL',
      next_time_rate_year: '0.04',
      min_lend_amount: '0.1',
      borrow_demand: '1000',
      award_asset: null,
      is_open_award_pool: false,
      status: 1,
    });
  });

  test('an edit does not check the fields it cannot change', () => {
    const initial = initialValues(flexibleSpecs, flexRow);
    expect(validateForm(flexibleSpecs, { ...initial, asset: '' }, 'edit').errors).toEqual({});
    expect(validateForm(flexibleSpecs, { ...initial, min_lend_amount: '0' }, 'edit').errors).toEqual({
      min_lend_amount: { key: 'admin.form.positive', params: undefined },
    });
  });
});
