import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../../../../../api/analytics';
import { openPage } from '../../../../../app/embed';
import { formatAmount } from '../../../../../components/format';
import type { DefiProtocol, StakeResult, StakingProduct } from '../../../api/index';
import { ButtonPair, InfoRow, SuccessView } from '../../../components/parts';
import { formatStamp, holdingsUrl } from '../../../rules';

/** What was staked, the receipt credited, and when interest starts and is first paid. */
export function StakeSuccessView({
  product: p,
  protocol,
  result,
  hideSuccessFooter,
  onContinue,
  onClose,
}: {
  product: StakingProduct;
  protocol: DefiProtocol | undefined;
  result: StakeResult;
  hideSuccessFooter?: boolean;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SuccessView
      title={t('stake.success')}
      footer={
        hideSuccessFooter ? undefined : (
          <ButtonPair
            secondary={{
              label: t('staking.success.continue'),
              onClick: onContinue,
              testId: 'stake-continue',
            }}
            primary={{
              label: t('staking.success.holdings'),
              onClick: () => {
                trackClick('staking.stake.holdings', { coin: p.coin });
                onClose();
                openPage(holdingsUrl(p), navigate);
              },
              testId: 'stake-holdings',
            }}
          />
        )
      }
    >
      <InfoRow
        label={t('staking.field.amount')}
        value={`${formatAmount(result.amount)} ${result.coin}`}
        testId="success-amount"
      />
      {result.receipt_coin && result.receipt_amount && (
        <InfoRow
          label={t('staking.field.receiptCredited')}
          value={`${formatAmount(result.receipt_amount)} ${result.receipt_coin}`}
          testId="success-receipt"
        />
      )}
      {protocol && <InfoRow label={t('staking.field.protocol')} value={protocol.protocol_name} />}
      <InfoRow label={t('staking.field.interestStart')} value={formatStamp(result.interest_start)} />
      <InfoRow
        label={t('staking.field.firstDistribution')}
        value={
          result.first_distribution_time === null
            ? t('staking.rewards.atRedeem')
            : formatStamp(result.first_distribution_time)
        }
      />
    </SuccessView>
  );
}
