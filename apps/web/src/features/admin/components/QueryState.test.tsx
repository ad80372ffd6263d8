import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QueryState } from './QueryState';

describe('console loading state', () => {
  test('the spinner is a status named "Loading…", so its name is allowed and announced', () => {
    renderWithProviders(
      <QueryState loading error={null} onRetry={() => {}}>
        <p>content</p>
      </QueryState>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByText('content')).toBeNull();
  });
});
