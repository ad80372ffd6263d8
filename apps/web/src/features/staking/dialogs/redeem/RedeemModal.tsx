import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closePage } from '../../../../app/embed';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import { StatePanel } from '../../../../components/query-state/QueryState';
import { useReturnFocus } from '../../../../components/useReturnFocus';
import { CenterLoader } from '../../components/parts';
import type { RedeemView } from '../../rules';
import { useRedeemFlow } from './useRedeemFlow';
import { RedeemFaqView } from './views/RedeemFaqView';
import { RedeemMainView } from './views/RedeemMainView';
import { RedeemSuccessView } from './views/RedeemSuccessView';
import { RedeemTypeView } from './views/RedeemTypeView';

export interface RedeemModalProps {
  coin: string;
  opened: boolean;
  onClose: () => void;
  /** The protocol to redeem from; with one held protocol it is chosen by itself. */
  pid?: number;
}

/** The redeem modal: main, redeem type select (standard or quick), success, faq (section 2). */
export function RedeemModal({ coin, opened, onClose, pid }: RedeemModalProps) {
  useReturnFocus();
  const { t } = useTranslation();
  const flow = useRedeemFlow({ coin, opened, pid });
  const { view, product: p, result, loadPhase } = flow;

  const titles: Record<RedeemView, string> = {
    main: t('staking.redeem.title', { coin }),
    redeem_type_select: t('staking.redeemType.title'),
    redeem_success: t('staking.redeem.title', { coin }),
    faq: t('staking.faq.title'),
  };

  let body: ReactNode;
  if (loadPhase === 'error' || loadPhase === 'offline') {
    body = <StatePanel phase={loadPhase} onRetry={flow.retryLoad} testId="redeem-load" />;
  } else if (!p || !flow.holdingsLoaded) {
    body = <CenterLoader />;
  } else if (view === 'redeem_type_select') {
    body = <RedeemTypeView flow={flow} product={p} />;
  } else if (view === 'redeem_success' && result) {
    body = <RedeemSuccessView coin={p.coin} result={result} onClose={onClose} />;
  } else if (view === 'faq') {
    body = <RedeemFaqView product={p} />;
  } else if (flow.held.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="redeem-empty">
        {t('staking.redeem.nothing', { coin: p.coin })}
      </Text>
    );
  } else {
    body = <RedeemMainView flow={flow} product={p} />;
  }

  return (
    <DialogFrame
      opened={opened}
      onClose={() => closePage(onClose)}
      title={titles[view]}
      back={
        view === 'redeem_type_select' || view === 'faq'
          ? { onClick: () => flow.setView('main'), label: t('staking.back') }
          : undefined
      }
      testId="redeem-modal"
      view={view}
    >
      {body}
    </DialogFrame>
  );
}
