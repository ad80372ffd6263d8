import { Alert, Box, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/AmountInput';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { InfoCircleIcon } from '../../../components/icons';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { OfflineNotice } from '../../../components/OfflineNotice';
import { RedeemArrival } from '../../../components/redeem-arrival/RedeemArrival';
import { useReturnFocus } from '../../../components/useReturnFocus';
import type { PoolStat, Project, RewardPool } from '../api/index';
import { Row } from '../components/Row';
import { statRewards } from '../rules';
import { useRedeemFlow } from './useRedeemFlow';

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
  const {
    isLoggedIn,
    stat,
    redeemable,
    userPeriod,
    started,
    autoEarnShown,
    amount,
    setAmount,
    autoEarn,
    setAutoEarn,
    online,
    failure,
    errorText,
    simpleEarnStatus,
    pending,
    submit,
    submitter,
  } = useRedeemFlow({ project, pool, initialStat, opened, onClose, onRedeemed });
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
            if (!pending) void submit();
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
        {/* Beside the button that sent it, where the user looks. */}
        <MoneySubmitNotice submit={submitter} onRetry={() => void submit()} />
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
              loading={pending}
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
