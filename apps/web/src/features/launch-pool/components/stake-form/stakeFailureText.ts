import { dec, LaunchPoolKey, type PoolRuleFailure } from '@earn/domain';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../../../components/format';
import { translateKey } from '../../../../i18n';
import type { StakeNumbers } from '../../rules';

/**
 * A refused stake in the user's language, its amounts grouped as the form shows them ('20,000 GT').
 * Above the personal maximum with something already staked, it also says what may still be added:
 * 'The maximum stake per user is 20,000 GT' alone read as wrong next to a typed 19,900 GT.
 */
export function stakeFailureText(failure: PoolRuleFailure, numbers: StakeNumbers, t: TFunction): string {
  const params = { ...failure.params };
  if (params.amount && /^\d+(\.\d+)?$/.test(params.amount)) params.amount = formatAmount(params.amount);
  const text = translateKey(failure.key, params, failure.key);
  if (failure.key !== LaunchPoolKey.stakeMax || dec(numbers.staked).isZero()) return text;
  return `${text}${t('launchpool.stake.maxLeft', {
    staked: formatAmount(numbers.staked),
    quota: formatAmount(numbers.quota),
    coin: failure.params.coin,
  })}`;
}
