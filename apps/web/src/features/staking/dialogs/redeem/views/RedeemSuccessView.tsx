import { dec } from '@earn/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closePage, openPage } from '../../../../../app/embed';
import { formatAmount } from '../../../../../components/format';
import { formatServerTime } from '../../../../../components/serverTime';
import type { RedeemResult } from '../../../api/index';
import { ButtonPair, InfoRow, SuccessView } from '../../../components/parts';
import { redeemHistoryUrl } from '../../../rules';

/** The redeem's outcome as the server booked it: amount, fee, what arrives and when. */
export function RedeemSuccessView({
  coin,
  result,
  onClose,
}: {
  coin: string;
  result: RedeemResult;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SuccessView
      title={t('redeem.success')}
      footer={
        <ButtonPair
          secondary={{
            label: t('staking.success.history'),
            onClick: () => {
              onClose();
              openPage(redeemHistoryUrl(coin), navigate);
            },
            testId: 'redeem-history',
          }}
          primary={{ label: t('result.ok'), onClick: () => closePage(onClose), testId: 'redeem-done' }}
        />
      }
    >
      <InfoRow
        label={t('staking.field.amount')}
        value={`${formatAmount(result.amount)} ${result.coin}`}
        testId="success-amount"
      />
      <InfoRow
        label={t('staking.field.fee')}
        value={`${formatAmount(result.fee)} ${result.coin}`}
        testId="success-fee"
      />
      <InfoRow
        label={t('staking.field.received')}
        value={`${formatAmount(result.payout_amount ?? result.received)} ${result.payout_coin ?? result.coin}`}
        testId="success-received"
      />
      {result.receipt_coin && result.receipt_burned && (
        <InfoRow
          label={t('staking.field.receiptReturned')}
          value={`${formatAmount(result.receipt_burned)} ${result.receipt_coin}`}
          testId="success-receipt"
        />
      )}
      <InfoRow
        label={t('staking.field.redeemType')}
        value={t(`staking.redeemType.${result.quick ? 'quick' : 'standard'}`)}
      />
      <InfoRow
        label={t('staking.field.arrival')}
        value={formatServerTime(result.redeem_stamp)}
        testId="success-arrival"
      />
      {dec(result.reward_paid).gt(0) && (
        <InfoRow
          label={t('staking.field.rewardPaid')}
          value={`${formatAmount(result.reward_paid)} ${result.reward_coin}`}
        />
      )}
    </SuccessView>
  );
}
