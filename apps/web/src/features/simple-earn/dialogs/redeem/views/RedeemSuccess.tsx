import { dec } from '@earn/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MOBILE_QUERY } from '../../../../../app/breakpoints';
import { ResultModal } from '../../../../../components/ResultModal';
import { RedeemArrival } from '../../../../../components/redeem-arrival/RedeemArrival';
import { formatServerTime } from '../../../../../components/serverTime';
import { ButtonLabel } from '../../../components/ButtonLabel';
import { amt } from '../../../format';
import type { RedeemDone } from '../useRedeemFlow';

/** Screen 5: what the redemption paid now and what waits, with the ways to holdings and history. */
export function RedeemSuccess({
  done,
  asset,
  finish,
}: {
  done: RedeemDone | null;
  asset: string;
  /** Closes the success and the redeem dialog under it. */
  finish: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const navigate = useNavigate();
  return (
    <ResultModal
      opened={!!done}
      onClose={finish}
      status="success"
      title={t('redeem.success')}
      subtitle={
        done && dec(done.frozen).gt(0)
          ? t('se.redeem.waiting', { amount: amt(done.frozen), coin: asset })
          : t('se.redeem.arrived')
      }
      rows={
        done
          ? [
              { label: t('se.amount'), value: `${amt(done.amount)} ${asset}` },
              // Each part with its time: what is in spot now, and (only under the earlier rule) what waits.
              {
                label: t('se.redeem.paidNow'),
                value: (
                  <span data-testid="redeem-paid-now">
                    {`${amt(dec(done.amount).minus(done.frozen).toFixed())} ${asset} · ${t('arrival.now', {
                      time: formatServerTime(done.at),
                    })}`}
                  </span>
                ),
              },
              ...(dec(done.frozen).gt(0)
                ? [
                    {
                      label: t('se.redeem.frozenPart'),
                      value: (
                        <span data-testid="redeem-waiting">
                          {`${amt(done.frozen)} ${asset} · `}
                          <RedeemArrival query={{ line: 'flexible', asset }} />
                        </span>
                      ),
                    },
                  ]
                : []),
            ]
          : []
      }
      primary={{
        label: <ButtonLabel text={t('se.viewHoldings')} small={!!mobile} />,
        onClick: () => {
          finish();
          navigate('/simple-earn/my-lendings?tab=flexible');
        },
      }}
      secondary={{
        label: <ButtonLabel text={t('se.viewHistory')} small={!!mobile} />,
        onClick: () => {
          finish();
          navigate('/simple-earn/history?tab=flexible&type=2');
        },
      }}
      data-testid="redeem-success"
    />
  );
}
