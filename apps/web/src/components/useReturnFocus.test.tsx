import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { useReturnFocus } from './useReturnFocus';

afterEach(cleanup);

function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  return (
    <div role="dialog">
      {/* biome-ignore lint/a11y/noAutofocus: the dialog's first focus, as Mantine's trap gives it */}
      <input aria-label="Amount" autoFocus />
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Stake
      </button>
      <button type="button">Other</button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

describe('useReturnFocus', () => {
  test('a dialog mounted only while open gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Page />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stake' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stake' })).toHaveFocus();
  });
});
