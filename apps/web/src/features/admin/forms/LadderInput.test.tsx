import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { renderConsole } from '../test/harness';
import { LadderInput } from './LadderInput';

/** The form's text of a ladder: APRs in percent (forms/percent.ts converts the wire's fractions). */
const TWO = JSON.stringify([
  { left: '0', right: '500', apr: '10' },
  { left: '500', right: '', apr: '5' },
]);

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <LadderInput
      label="Bonus ladder"
      field="ladder_apr"
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('ladder rows', () => {
  test('shows each tier as a row, the last "and above", with the APR as a percent', () => {
    renderConsole(<Harness initial={TWO} seen={[]} />);
    const from = screen.getAllByLabelText('From') as HTMLInputElement[];
    const to = screen.getAllByLabelText('To') as HTMLInputElement[];
    expect(from.map((i) => i.value)).toEqual(['0', '500']);
    expect(to.map((i) => i.value)).toEqual(['500', '']);
    expect((screen.getByLabelText('and above') as HTMLInputElement).checked).toBe(true);
    const aprs = screen.getAllByLabelText('APR (%)') as HTMLInputElement[];
    expect(aprs.map((i) => i.value)).toEqual(['10', '5']);
    // The second tier starts where the first ends: its "from" is not typed.
    expect(from[1]?.readOnly).toBe(true);
  });

  test("moving a tier's end moves the next tier's start, in the JSON the form sends", async () => {
    const seen: string[] = [];
    renderConsole(<Harness initial={TWO} seen={seen} />);
    const firstTo = (screen.getAllByLabelText('To') as HTMLInputElement[])[0] as HTMLInputElement;
    fireEvent.change(firstTo, { target: { value: '800' } });
    expect(JSON.parse(seen.at(-1) ?? '[]')).toEqual([
      { left: '0', right: '800', apr: '10' },
      { left: '800', right: '', apr: '5' },
    ]);
  });

  test('names the tier that breaks the rule, and adds and removes tiers', async () => {
    const seen: string[] = [];
    renderConsole(<Harness initial={TWO} seen={seen} />);
    const firstTo = (screen.getAllByLabelText('To') as HTMLInputElement[])[0] as HTMLInputElement;
    fireEvent.change(firstTo, { target: { value: '0' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Tier 1');
    fireEvent.change(firstTo, { target: { value: '500' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add a tier' }));
    expect(JSON.parse(seen.at(-1) ?? '[]')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    expect(JSON.parse(seen.at(-1) ?? '[]')).toHaveLength(2);
  });
});
