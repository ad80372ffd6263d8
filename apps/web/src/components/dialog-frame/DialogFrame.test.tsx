import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DialogFrame, VIEW_CHANGE_GRACE_MS } from './DialogFrame';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A stake dialog whose Stake button turns it into its confirmation, as the money dialogs do. */
function Stake({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState('main');
  return (
    <DialogFrame opened onClose={onClose} title="Stake ETH" view={view}>
      <button type="button" onClick={() => setView('confirm')}>
        Stake
      </button>
    </DialogFrame>
  );
}

const overlay = () => document.querySelector('.mantine-Modal-overlay') as HTMLElement;

describe('DialogFrame: a double click that changes the view does not close the dialog', () => {
  test('a click outside right after the view changed is ignored; a later one closes', () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const onClose = vi.fn();
    renderWithProviders(<Stake onClose={onClose} />);
    // The first click of a double click moves the dialog to its confirmation; the second lands outside,
    // before any effect has run.
    act(() => screen.getByRole('button', { name: 'Stake' }).click());
    now += 80;
    act(() => overlay().click());
    expect(onClose).not.toHaveBeenCalled();
    now += VIEW_CHANGE_GRACE_MS;
    act(() => overlay().click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('on its first view a click outside closes as always', () => {
    const onClose = vi.fn();
    renderWithProviders(<Stake onClose={onClose} />);
    act(() => overlay().click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
