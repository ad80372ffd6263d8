import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../../../../api/analytics';
import { closePage, openPage, reopen } from '../../../../app/embed';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../../components/money-submit/MoneySubmitNotice';
import { StatePanel } from '../../../../components/query-state/QueryState';
import { useReturnFocus } from '../../../../components/useReturnFocus';
import { CenterLoader } from '../../components/parts';
import { campaignFor, ruleText, type StakeView } from '../../rules';
import { type StakeFlow, useStakeFlow } from './useStakeFlow';
import { AboutView } from './views/AboutView';
import { BonusRulesView } from './views/BonusRulesView';
import { ConfirmView } from './views/ConfirmView';
import { DefiSelector } from './views/DefiSelector';
import { EstimateView } from './views/EstimateView';
import { ExtraBonusView } from './views/ExtraBonusView';
import { FaqView } from './views/FaqView';
import { MainView } from './views/MainView';
import { RateView } from './views/RateView';
import { StakeSuccessView } from './views/StakeSuccessView';

export { BONUS_RULES_COUNT } from './views/BonusRulesView';

export interface StakeModalProps {
  coin: string;
  opened: boolean;
  onClose: () => void;
  /** The protocol asked for (?pid=); the first, or the best with `autoSelect`, otherwise. */
  pid?: number;
  autoSelect?: boolean;
  /** Hides the success footer (some embedded contexts). */
  hideSuccessFooter?: boolean;
}

/**
 * The stake modal: every state of staking-wealth.md section 2 in one dialog. The frame holds the title
 * and the back arrow; the state lives in `useStakeFlow`, each view in its own file under `views/`.
 */
export function StakeModal({ coin, opened, onClose, pid, autoSelect, hideSuccessFooter }: StakeModalProps) {
  useReturnFocus();
  const { t } = useTranslation();
  const flow = useStakeFlow({ coin, opened, pid, autoSelect });
  const { state, dispatch } = flow;
  // Embedded, the parent closes the frame.
  const close = () => closePage(onClose);

  const titles: Record<StakeView, string> = {
    loading: t('staking.stake.title', { coin }),
    main: t('staking.stake.title', { coin }),
    faq: t('staking.faq.title'),
    rate: t('staking.rate.title'),
    extra_bonus: t('staking.bonus.title'),
    bonus_rules: t('staking.bonusRules.title'),
    stake_success: t('staking.stake.title', { coin }),
    defi: t('staking.defi.title'),
    about: t('staking.about.title'),
    estimated_apr: t('staking.estimate.title'),
    confirm: t('staking.confirm.title'),
  };
  const subView = !['loading', 'main', 'stake_success'].includes(state.view);

  return (
    <DialogFrame
      opened={opened}
      onClose={close}
      title={titles[state.view]}
      back={subView ? { onClick: () => dispatch({ type: 'back' }), label: t('staking.back') } : undefined}
      testId="stake-modal"
      view={state.view}
    >
      <StakeViewBody flow={flow} onClose={onClose} hideSuccessFooter={hideSuccessFooter} />
    </DialogFrame>
  );
}

/** The view the flow is on. */
function StakeViewBody({
  flow,
  onClose,
  hideSuccessFooter,
}: {
  flow: StakeFlow;
  onClose: () => void;
  hideSuccessFooter?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    me,
    loggedIn,
    product: p,
    info,
    state,
    dispatch,
    amount,
    setAmount,
    agreed,
    setAgreed,
    onAgree,
    protocol,
    protocolId,
    setProtocolId,
    result,
    ctx,
    valid,
    violation,
    canStake,
    loadPhase,
    retryLoad,
    submit,
    onStakeClick,
    stakeAction,
  } = flow;

  if (loadPhase === 'error' || loadPhase === 'offline') {
    return <StatePanel phase={loadPhase} onRetry={retryLoad} testId="stake-load" />;
  }
  if (!p || state.view === 'loading') return <CenterLoader />;
  // Beside the button that sent the stake (the main view's or the confirmation's), where the user looks.
  const notice = <MoneySubmitNotice submit={stakeAction.submitter} onRetry={() => void submit()} />;
  let body: ReactNode = null;
  switch (state.view) {
    case 'main':
      body = (
        <MainView
          product={p}
          protocol={protocol}
          ctx={ctx}
          amount={amount}
          setAmount={setAmount}
          agreed={agreed}
          setAgreed={(v) => void onAgree(v)}
          violationText={violation ? ruleText(t, violation, p.coin) : undefined}
          canStake={canStake}
          loggedIn={loggedIn}
          tier={info.data?.tier ?? me.data?.vip_tier ?? 0}
          loading={stakeAction.isPending}
          onStake={onStakeClick}
          open={(view) => dispatch({ type: 'open', view })}
          onDeposit={() => openPage(`/myaccount/deposit/${encodeURIComponent(p.coin)}`, navigate)}
          notice={notice}
        />
      );
      break;
    case 'rate':
      body = (
        <RateView
          product={p}
          protocol={protocol}
          onBonus={() => dispatch({ type: 'open', view: 'extra_bonus' })}
        />
      );
      break;
    case 'extra_bonus':
      body = (
        <ExtraBonusView
          campaign={campaignFor(p, protocol)}
          onRules={() => dispatch({ type: 'open', view: 'bonus_rules' })}
        />
      );
      break;
    case 'bonus_rules':
      body = <BonusRulesView campaign={campaignFor(p, protocol)} coin={p.coin} />;
      break;
    case 'faq':
      body = <FaqView product={p} />;
      break;
    case 'about':
      body = <AboutView product={p} />;
      break;
    case 'defi':
      body = (
        <DefiSelector
          protocols={p.defi}
          selected={protocolId}
          onSelect={(id) => {
            setProtocolId(id);
            dispatch({ type: 'back' });
          }}
        />
      );
      break;
    case 'estimated_apr':
      body = <EstimateView product={p} protocol={protocol} amount={valid} />;
      break;
    case 'confirm':
      body = (
        <ConfirmView
          product={p}
          protocol={protocol}
          amount={valid ?? '0'}
          loading={stakeAction.isPending}
          onConfirm={() => void submit()}
          onBack={() => dispatch({ type: 'back' })}
          notice={notice}
        />
      );
      break;
    case 'stake_success':
      body = result && (
        <StakeSuccessView
          product={p}
          protocol={protocol}
          result={result}
          hideSuccessFooter={hideSuccessFooter}
          onContinue={() => {
            trackClick('staking.stake.continue', { coin: p.coin });
            setAmount(null);
            setAgreed(false);
            reopen({ action: 'stake', coin: p.coin }, () => dispatch({ type: 'continue' }));
          }}
          onClose={onClose}
        />
      );
      break;
  }
  return body;
}
