import { Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../../../components/AmountInput';
import { CoinAvatar } from '../../../../../components/CoinAvatar';
import { DisabledReason } from '../../../../../components/DisabledReason';
import { formatAmount } from '../../../../../components/format';
import { MoneySubmitNotice } from '../../../../../components/money-submit/MoneySubmitNotice';
import { OfflineNotice } from '../../../../../components/OfflineNotice';
import type { StakingProduct } from '../../../api/index';
import { LinkRow } from '../../../components/parts';
import { redeemConfirmText, ruleText } from '../../../rules';
import type { RedeemFlow } from '../useRedeemFlow';
import { RedeemFigures } from './RedeemFigures';

/** The redeem form: what is held, the protocol, the amount, the redeem type, the figures and the button. */
export function RedeemMainView({ flow, product: p }: { flow: RedeemFlow; product: StakingProduct }) {
  const { t } = useTranslation();
  const { redeemable, effectivePid, effectiveType, valid, violation, online, canRedeem, submit } = flow;
  const confirm = redeemConfirmText(p);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <CoinAvatar coin={p.coin} size={36} />
        <Stack gap={0}>
          <Text fw={650}>{p.coin}</Text>
          <Text size="xs" c="dimmed">
            {t('staking.redeem.staked')}:{' '}
            <span className="num" data-testid="redeem-held">
              {formatAmount(redeemable)} {p.coin}
            </span>
          </Text>
        </Stack>
      </Group>
      {p.defi.length > 0 && (
        <Radio.Group
          label={t('staking.field.protocol')}
          value={effectivePid !== undefined ? String(effectivePid) : null}
          onChange={(v) => flow.setChosenPid(Number(v))}
        >
          <Group gap="sm" mt={6} data-testid="redeem-protocols">
            {flow.defi.list.map((d) => (
              <Radio
                key={d.pid}
                value={String(d.pid)}
                label={d.protocol_name}
                data-testid={`redeem-defi-${d.pid}`}
              />
            ))}
          </Group>
        </Radio.Group>
      )}
      <AmountInput
        value={flow.amount}
        onChange={flow.setAmount}
        precision={p.precision}
        coin={p.coin}
        data-autofocus
        autoFocus
        onEnter={() => {
          if (canRedeem && !flow.pending) void submit();
        }}
        max={redeemable}
        label={t('staking.field.redeemAmount')}
        placeholder={t('staking.placeholder.min', {
          amount: formatAmount(p.min_redeem_amount),
          coin: p.coin,
        })}
        error={violation ? ruleText(t, violation, p.coin) : undefined}
        maxActionName="staking.redeem.max"
        data-testid="redeem-amount"
        description={`${t('staking.redeem.redeemable')}: ${formatAmount(redeemable)} ${p.coin}`}
      />
      {flow.quick !== 'hidden' && (
        <LinkRow
          label={t('staking.field.redeemType')}
          value={t(`staking.redeemType.${effectiveType}`)}
          onClick={() => {
            flow.setPendingType(effectiveType);
            flow.setView('redeem_type_select');
          }}
          testId="open-redeem-type"
        />
      )}
      <RedeemFigures flow={flow} product={p} />
      <Alert variant="light" color="blue" py="xs">
        <Text size="xs">
          {effectiveType === 'quick'
            ? t('staking.redeem.quickNote', { minutes: p.extra.redeem_quick_long })
            : t(confirm.key, confirm.params)}
        </Text>
      </Alert>
      <OfflineNotice />
      {/* Beside the redeem button, where the user looks after pressing it. */}
      <MoneySubmitNotice submit={flow.submitter} onRetry={() => void submit()} />
      <DisabledReason
        // The rule broken shows under the amount already; an empty field says nothing by itself.
        reason={!valid && !violation && online ? t('amount.enterFirst') : null}
        testId="redeem-submit-reason"
        block
      >
        <Button
          size="md"
          fullWidth
          disabled={!canRedeem}
          loading={flow.pending}
          onClick={() => void submit()}
          data-testid="redeem-submit"
        >
          {t('staking.redeem.button')}
        </Button>
      </DisabledReason>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="center"
        onClick={() => flow.setView('faq')}
        data-testid="redeem-open-faq"
      >
        {t('staking.faq.title')}
      </Anchor>
    </Stack>
  );
}
