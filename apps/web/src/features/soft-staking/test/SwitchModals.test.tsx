import '../i18n/register';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18next } from '../../../i18n';
// The test harness (fetch stub, providers) is shared with the staking screens' tests.
import { type Call, installDomStubs, renderUi, stubApi } from '../../../test/harness';
import { renderWithProviders } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';
import { agreementPath } from '../api/index';
import { ActivateModal, CloseModal } from '../dialogs/SwitchModals';

const SWITCH = 'POST /apiw/v2/earn/soft-staking/switch';

describe('soft-staking activate and close modals', () => {
  beforeEach(() => installDomStubs());
  afterEach(() => vi.unstubAllGlobals());

  test('activating needs the terms checkbox; the switch sends status true and calls back success', async () => {
    let sent: Call | undefined;
    stubApi({
      [SWITCH]: (c) => {
        sent = c;
        return { status: true };
      },
    });
    const onSuccess = vi.fn();
    const onError = vi.fn();
    renderUi(<ActivateModal opened onClose={() => undefined} onSuccess={onSuccess} onError={onError} />);
    const confirm = () => screen.getByTestId('soft-activate-confirm');
    expect(confirm()).toBeDisabled();
    // Off until the terms are ticked, and says why (a tooltip on desktop; the button's description).
    expect(screen.getByTestId('soft-activate-reason')).toHaveAttribute(
      'data-reason',
      'Tick the agreement first.',
    );
    expect(confirm()).toHaveAccessibleDescription('Tick the agreement first.');
    expect(screen.getByTestId('soft-agreement-link')).toHaveAttribute('href', '/soft-staking/agreement');
    await userEvent.click(screen.getByTestId('soft-agree'));
    expect(confirm()).toBeEnabled();
    expect(screen.queryByTestId('soft-activate-reason')).toBeNull();
    await userEvent.click(confirm());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(true));
    expect(sent?.body).toEqual({ status: true });
    expect(onError).not.toHaveBeenCalled();
  });

  test('on a phone the reason is written under the button', () => {
    stubApi({});
    renderWithProviders(
      <ActivateModal
        opened
        onClose={() => undefined}
        onSuccess={() => undefined}
        onError={() => undefined}
      />,
      {
        width: 375,
      },
    );
    expect(screen.getByTestId('soft-activate-reason')).toHaveTextContent('Tick the agreement first.');
    expect(screen.getByTestId('soft-activate-reason')).toBeVisible();
    setViewportWidth(1400);
  });

  test('the checkbox is reset each time the modal opens', async () => {
    stubApi({});
    const props = { onClose: () => undefined, onSuccess: () => undefined, onError: () => undefined };
    const view = renderUi(<ActivateModal opened {...props} />);
    await userEvent.click(screen.getByTestId('soft-agree'));
    expect(screen.getByTestId('soft-agree')).toBeChecked();
    view.rerender(<ActivateModal opened={false} {...props} />);
    view.rerender(<ActivateModal opened {...props} />);
    expect(screen.getByTestId('soft-agree')).not.toBeChecked();
  });

  test('a failure code runs the failure callback, not the success one', async () => {
    stubApi({ [SWITCH]: () => ({ code: -1, status: 500, message: 'switch failed' }) });
    const onSuccess = vi.fn();
    const onError = vi.fn();
    renderUi(<ActivateModal opened onClose={() => undefined} onSuccess={onSuccess} onError={onError} />);
    await userEvent.click(screen.getByTestId('soft-agree'));
    await userEvent.click(screen.getByTestId('soft-activate-confirm'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onSuccess).not.toHaveBeenCalled();
  }, 20_000);

  test('closing asks: stop sends status false; continue keeps it on without a call', async () => {
    const all = stubApi({ [SWITCH]: () => ({ status: false }) });
    const switches = () => all.filter((c) => c.path.endsWith('/switch'));
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    renderUi(<CloseModal opened onClose={onClose} onSuccess={onSuccess} onError={() => undefined} />);
    await userEvent.click(screen.getByTestId('soft-continue'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(switches()).toHaveLength(0);
    await userEvent.click(screen.getByTestId('soft-stop'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(false));
    expect(switches().map((c) => c.body)).toEqual([{ status: false }]);
  });

  test('the agreement link is locale-prefixed outside English', () => {
    expect(agreementPath('en')).toBe('/soft-staking/agreement');
    expect(agreementPath('zh-CN')).toBe('/zh-CN/soft-staking/agreement');
    expect(i18next.exists('softStaking.agree.link')).toBe(true);
  });
});
