import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import type { FlexHolding } from '../../api/types';
import { CancelRedeemModal } from './CancelRedeemModal';
import { useRedeemFlow } from './useRedeemFlow';
import { RedeemForm } from './views/RedeemForm';
import { RedeemSuccess } from './views/RedeemSuccess';

export { CancelRedeemModal } from './CancelRedeemModal';
export { redeemError } from './redeemError';

/** Screens 3–5: flexible redeem with the waiting amount, its cancel, and the success dialog. */
export function RedeemModal({
  holding,
  lendRatio,
  onClose,
}: {
  holding: FlexHolding | null;
  /** The asset's lend ratio (0..1); the notice shows from 0.8. */
  lendRatio: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const flow = useRedeemFlow({ holding, onClose });
  const [cancelOpen, setCancelOpen] = useState(false);
  const { asset, done } = flow;
  return (
    <>
      <DialogFrame
        opened={!!holding && !done}
        onClose={flow.close}
        title={t('se.redeem.title', { coin: asset })}
        testId="redeem-modal"
        size="md"
      >
        {holding && (
          <RedeemForm
            flow={flow}
            holding={holding}
            lendRatio={lendRatio}
            onCancelWaiting={() => setCancelOpen(true)}
          />
        )}
      </DialogFrame>
      <CancelRedeemModal
        opened={cancelOpen}
        asset={asset}
        amount={holding?.frozen_amount ?? '0'}
        onClose={() => setCancelOpen(false)}
      />
      <RedeemSuccess
        done={done}
        asset={asset}
        finish={() => {
          flow.clearDone();
          onClose();
        }}
      />
    </>
  );
}
