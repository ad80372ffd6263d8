import { dec } from '@earn/domain';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import { RedeemArrival } from '../../../../../components/redeem-arrival/RedeemArrival';
import type { StakingProduct } from '../../../api/index';
import { InfoRow } from '../../../components/parts';
import { vipSalePercent } from '../../../redeem-rules';
import { feePercent, redeemPeriodText } from '../../../rules';
import { estimatePayout } from '../estimatePayout';
import type { RedeemFlow } from '../useRedeemFlow';

/** The redeem's figures before it is sent: fee rate, fee, received, payout coin, arrival and period. */
export function RedeemFigures({ flow, product: p }: { flow: RedeemFlow; product: StakingProduct }) {
  const { t } = useTranslation();
  const { effectiveType, quote, market, pidArg, protocol } = flow;
  const period = redeemPeriodText(p, protocol);
  const fraction = effectiveType === 'quick' ? p.extra.redeem_quick_fee : p.extra.redeem_fee;
  const rate = feePercent(fraction);
  // The fee below has the VIP discount taken off: the rate says so, or 0.1 % of 1 ETH reads as 0.0008.
  const sale = vipSalePercent(p, flow.tier);
  const discounted = dec(sale).gt(0) && dec(fraction).gt(0);
  return (
    <Stack gap={8}>
      <InfoRow
        label={t('staking.field.feeRate')}
        value={discounted ? t('staking.redeem.feeRateVip', { rate, tier: flow.tier, sale }) : rate}
        testId="redeem-fee-rate"
      />
      <InfoRow
        label={t('staking.field.fee')}
        value={quote ? `${formatAmount(quote.fee)} ${p.coin}` : '—'}
        testId="redeem-fee"
      />
      <InfoRow
        label={t('staking.field.received')}
        value={quote ? `${formatAmount(quote.received)} ${p.coin}` : '—'}
        testId="redeem-received"
      />
      {p.redeem_config.redeem_coin && p.redeem_config.redeem_coin !== p.coin && (
        <InfoRow
          label={t('staking.field.paidAs', { coin: p.redeem_config.redeem_coin })}
          value={quote ? estimatePayout(quote.received, p.coin, p.redeem_config.redeem_coin, market) : '—'}
          testId="redeem-paid-as"
        />
      )}
      <InfoRow
        label={t('staking.field.arrival')}
        value={
          <RedeemArrival
            query={{
              line: 'staking',
              asset: p.coin,
              quick: effectiveType === 'quick' ? '1' : '0',
              pid: pidArg,
            }}
            testId="redeem-arrival-server"
          />
        }
        testId="redeem-arrival"
      />
      <InfoRow label={t('staking.field.redeemPeriod')} value={t(period.key, period.params)} />
    </Stack>
  );
}
