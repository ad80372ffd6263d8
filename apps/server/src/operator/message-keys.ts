import { MessageKey, RATE_CONFIRM_KEY } from '@earn/domain';

/**
 * Every message key an operator API call can answer with: the shared error keys (product rules
 * included), the operator's own, and the funding refusals the operator's money movements reach.
 * The console must have English and Chinese text for each (apps/server/test/console/message-keys).
 */
export const OPERATOR_MESSAGE_KEYS: readonly string[] = [
  ...Object.values(MessageKey),
  'operator.unauthorized',
  'operator.forbidden',
  'operator.login.invalid',
  'operator.login.locked',
  'operator.clock.busy',
  RATE_CONFIRM_KEY,
  'account.borrowNeedsUnified',
  'account.repayAboveLoan',
];
