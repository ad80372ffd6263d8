import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultModal } from '../../../../../components/ResultModal';
import { ButtonLabel } from '../../../components/ButtonLabel';
import { termLabel } from '../../../components/TermTabs';
import { amt, pct } from '../../../format';
import { holdingsLink } from '../../../links';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** The success dialog: the amount, the term and the APR the server booked; to the holdings or subscribe more. */
export function SubscribeSuccess({
  flow,
  mobile,
  onClose,
}: {
  flow: SubscribeFlow;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setAmount, setVoucherId, success, setSuccess } = flow;
  return (
    <ResultModal
      opened={!!success}
      onClose={() => setSuccess(null)}
      status="success"
      title={t('se.success.title')}
      subtitle={
        success ? t(success.product.id === 0 ? 'se.success.flexible' : 'se.success.fixed') : undefined
      }
      rows={
        success
          ? [
              { label: t('se.amount'), value: `${amt(success.amount)} ${success.product.asset}` },
              { label: t('se.term'), value: termLabel(success.product, t) },
              {
                label: success.product.id === 0 ? t('se.apr.holding') : t('se.apr'),
                value: pct(success.apr),
              },
            ]
          : []
      }
      primary={{
        label: <ButtonLabel text={t('se.viewHoldings')} small={mobile} />,
        onClick: () => {
          const to = holdingsLink(success?.product.id !== 0, mobile);
          setSuccess(null);
          onClose();
          navigate(to);
        },
      }}
      secondary={{
        label: <ButtonLabel text={t('se.subscribeMore')} small={mobile} />,
        onClick: () => {
          setSuccess(null);
          setAmount(null);
          setVoucherId(null);
        },
      }}
      data-testid="subscribe-success"
    />
  );
}
