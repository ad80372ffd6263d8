import { Alert, Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { toast } from '../../../api/errors';
import { queries, queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { useMe } from '../../../app/auth';
import { reportSuccess } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { InfoCircleIcon } from '../../../components/icons';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { useReturnFocus } from '../../../components/useReturnFocus';
import { translateKey } from '../../../i18n';
import {
  LAUNCHPOOL_BASE,
  lpKeys,
  lpQueries,
  type PoolStat,
  type Project,
  type RewardPool,
} from '../api/index';
import { Row } from '../components/Row';
import { COMPLIANCE_LEND_EARN, hasStarted, redeemError, statRewards } from '../rules';

const REDEEM_INPUT_DECIMALS = 8;

/**
 * Early redeem (launch-pool.md screen 2, simple-earn.md screen 17): amount with Max, the redeemable
 * amount, the last hour's reward (hidden before the start), and where the coins go.
 */
export function RedeemDialog({
  project,
  pool,
  stat: initialStat,
  opened,
  onClose,
  onRedeemed,
}: {
  project: Project;
  pool: RewardPool;
  stat: PoolStat | undefined;
  opened: boolean;
  onClose: () => void;
  onRedeemed?: (amount: string) => void;
}) {
  useReturnFocus();
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLoggedIn } = useMe();
  const compliance = useQuery({ ...queries.compliance(), enabled: isLoggedIn && opened });
  // The live statistics, not the ones the card had when it was clicked: a stake may just have changed them.
  const stats = useQuery({ ...lpQueries.stats(project.pid), enabled: isLoggedIn && opened });
  const stat = stats.data?.find((s) => s.rid === pool.rid) ?? initialStat;
  const redeemable = stat?.amount ?? pool.user?.staked ?? '0';
  const se = pool.simple_earn;
  const userPeriod = stat?.simpleEarnPeriod || se?.user_period || 0;
  const started = hasStarted(project.state);
  // The toggle moves coins into flexible simple earn: offered only while simple earn has the product
  // (a stake with a fixed period goes to its term and shows a note instead).
  const autoEarnShown =
    !!se &&
    started &&
    (userPeriod > 0 || se.flexible_offered !== 0) &&
    !(compliance.data?.menu ?? []).includes(COMPLIANCE_LEND_EARN);

  const [amount, setAmount] = useState<string | null>(null);
  const [autoEarn, setAutoEarn] = useState(se?.status === 1);
  // One redeem is one order: a double click or a second try sends the action's one key.
  const submitter = useMoneySubmit();
  const { reset: newAction } = submitter;
  useEffect(() => {
    if (opened) {
      setAmount(null);
      setAutoEarn(se?.status === 1);
      newAction();
    }
  }, [opened, se?.status, newAction]);

  const online = useOnline();
  const redeem = useApiAction({
    name: 'launchpool.redeem',
    path: `${LAUNCHPOOL_BASE}/redeem`,
    form: true,
  });
  const failure = redeemError(pool, amount, redeemable);
  const errorText = failure ? translateKey(failure.key, failure.params, failure.key) : undefined;
  const simpleEarnStatus = autoEarnShown && (userPeriod > 0 || autoEarn) ? 1 : 0;

  const submit = async () => {
    if (amount === null || failure || !online) return;
    const body = { pid: pool.pid, rid: pool.rid, amount, simpleEarnStatus };
    try {
      const sent = await submitter.run(body, (idempotencyKey) => {
        trackClick('launchpool.redeem.confirm', { rid: pool.rid });
        return redeem.run(body, { idempotencyKey });
      });
      if (!sent) return;
    } catch {
      // The error catalogue has spoken; the dialog stays open for another try with the same key.
      return;
    }
    toast('success', t('redeem.success'));
    void client.invalidateQueries({ queryKey: lpKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.outable([pool.coin]) });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
    reportSuccess({ action: 'launchpool.redeem', amount, coin: pool.coin });
    onRedeemed?.(amount);
    onClose();
  };

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size={440}
      title={t('launchpool.redeem.title', { coin: pool.coin })}
      testId="redeem-dialog"
    >
      <Stack gap="md">
        {started && (
          <Row label={t('launchpool.redeem.lastHour')} testId="redeem-last-hour">
            {stat
              ? statRewards(stat, pool)
                  .map((r) => `${formatAmount(r.lastHourRewardAmount)} ${r.coin}`)
                  .join(' + ')
              : `${formatAmount('0')} ${pool.reward_coin}`}
          </Row>
        )}
        <AmountInput
          value={amount}
          onChange={setAmount}
          data-autofocus
          onEnter={() => {
            if (!submitter.pending) void submit();
          }}
          // Finer digits than the pool's are typed through, so the minimum-unit rule can say what is wrong.
          precision={Math.max(pool.decimal_place, REDEEM_INPUT_DECIMALS)}
          max={redeemable}
          coin={pool.coin}
          error={errorText}
          maxActionName="launchpool.redeem.max"
          data-testid="redeem-amount"
        />
        <Row label={t('launchpool.redeem.redeemable')} testId="redeem-redeemable">
          {formatAmount(redeemable, pool.decimal_place)} {pool.coin}
        </Row>
        {autoEarnShown &&
          (userPeriod > 0 ? (
            <Alert color="blue" variant="light" icon={<InfoCircleIcon />} data-testid="redeem-fixed-note">
              {t('launchpool.redeem.fixedNote', { coin: pool.coin, days: userPeriod })}
            </Alert>
          ) : (
            <Switch
              checked={autoEarn}
              onChange={(e) => setAutoEarn(e.currentTarget.checked)}
              label={t('launchpool.redeem.autoEarn')}
              description={t('launchpool.redeem.autoEarn.help', { coin: pool.coin })}
              data-testid="redeem-auto-earn"
            />
          ))}
        {isLoggedIn && (
          // Where and when the coins land, as the redeem call will decide it (the toggle changes it).
          <Group justify="space-between" wrap="wrap" gap={4} data-testid="redeem-arrival-row">
            <Text size="sm" c="dimmed">
              {t('arrival.label')}
            </Text>
            <Box fz="sm" fw={600} ta="right" ml="auto" className="num">
              <RedeemArrival
                query={{
                  line: 'launch_pool',
                  rid: pool.rid,
                  simple_earn_status: simpleEarnStatus ? '1' : '0',
                }}
                testId="launchpool-arrival"
              />
            </Box>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('launchpool.redeem.note')}
        </Text>
        <OfflineNotice />
        <Group grow gap="sm" align="flex-start">
          <Button variant="default" size="md" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <DisabledReason
            reason={amount === null && !failure && online ? t('amount.enterFirst') : null}
            testId="redeem-confirm-reason"
            block
          >
            <Button
              size="md"
              fullWidth
              onClick={() => void submit()}
              disabled={amount === null || !!failure || !online}
              loading={submitter.pending}
              data-testid="redeem-confirm"
            >
              {t('common.confirm')}
            </Button>
          </DisabledReason>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
