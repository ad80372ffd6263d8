import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DisabledReason } from './DisabledReason';

describe('a disabled control says why (issue 19 item 5)', () => {
  test('on desktop: a tooltip on a wrapper, and the reason as the control’s description', () => {
    renderWithProviders(
      <DisabledReason reason="This product is for VIP 1 and above" testId="why">
        <Button disabled>Subscribe</Button>
      </DisabledReason>,
      { width: 1400 },
    );
    const button = screen.getByRole('button', { name: 'Subscribe' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This product is for VIP 1 and above');
    expect(screen.getByTestId('why')).toHaveAttribute('data-reason', 'This product is for VIP 1 and above');
  });

  test('on a phone: the reason is written under the control, no hover needed', () => {
    renderWithProviders(
      <DisabledReason reason="Enter an amount first." testId="why">
        <Button disabled>Confirm</Button>
      </DisabledReason>,
      { width: 375 },
    );
    expect(screen.getByTestId('why')).toHaveTextContent('Enter an amount first.');
    expect(screen.getByTestId('why')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAccessibleDescription(
      'Enter an amount first.',
    );
  });

  test('without a reason only the control renders', () => {
    renderWithProviders(
      <DisabledReason reason={null} testId="why">
        <Button>Confirm</Button>
      </DisabledReason>,
    );
    expect(screen.queryByTestId('why')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).not.toHaveAttribute('aria-describedby');
  });
});
