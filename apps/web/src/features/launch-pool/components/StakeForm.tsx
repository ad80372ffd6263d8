import { dec, LaunchPoolKey, type PoolRuleFailure, type PoolStakeMode } from '@earn/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { handleApiError, toast } from '../../../api/errors';
import { queries, queryKeys } from '../../../api/queries';
import { callApi } from '../../../api/typed';
import { useApiAction } from '../../../api/useApiAction';
import { useMe } from '../../../app/auth';
import { reportSuccess } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DepositOptionsDialog } from '../../../components/DepositOptionsDialog';
import { DisabledReason } from '../../../components/DisabledReason';
import { formatAmount } from '../../../components/format';
import { InfoCircleIcon } from '../../../components/icons';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { onRadioGroupKeyDown, radioTabIndex } from '../../../components/radioGroup';
import { formatDate, translateKey } from '../../../i18n';
import { deviceToken, LAUNCHPOOL_BASE, lpKeys, lpQueries, type Project } from '../api/index';
import { formatRate } from '../format';
import {
  dialogPools,
  fixedPeriodOf,
  isNewUserPool,
  isVipQuota,
  modeFields,
  modeRules,
  poolRewardCoins,
  type StakeNumbers,
  stakeableBalance,
  stakeError,
  stakeNumbers,
} from '../rules';
import { aprWithStake, PoolApr, poolAprLabel, poolAprText } from './PoolApr';

export interface StakeResult {
  pid: number;
  rid: number;
  coin: string;
  amount: string;
  mode: PoolStakeMode;
  period: number;
}

export interface StakeFormProps {
  project: Project;
  /** The pool to open on; the first tab otherwise. */
  rid?: number;
  onSuccess: (result: StakeResult) => void;
  onCancel: () => void;
  /** Told when a dialog opens above the form, so the dialog around it can leave Escape to that one. */
  onNestedDialog?: (open: boolean) => void;
}

export function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="num" ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function ModeOption({
  label,
  description,
  checked,
  disabled,
  onSelect,
  testId,
  tabIndex,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  testId: string;
  tabIndex: 0 | -1;
}) {
  return (
    <UnstyledButton
      role="radio"
      aria-checked={checked}
      tabIndex={tabIndex}
      aria-disabled={disabled}
      onClick={onSelect}
      data-testid={testId}
      p="sm"
      style={{
        flex: 1,
        minWidth: 0,
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${checked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: checked ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: disabled ? 0.5 : 1,
        cursor: disabled ? 'not-allowed' : 'pointer',
      }}
    >
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The stake form of the stake dialog and of the full mobile page (launch-pool.md section 2 screen 1,
 * sections 4–5; simple-earn.md screen 16).
 */
export function StakeForm({ project, rid, onSuccess, onCancel, onNestedDialog }: StakeFormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { isLoggedIn } = useMe();
  const pools = dialogPools(project.reward_pools, rid);
  const [activeRid, setActiveRid] = useState<number | undefined>(rid ?? pools[0]?.rid);
  const pool = pools.find((p) => p.rid === activeRid) ?? pools[0];

  const [amount, setAmount] = useState<string | null>(null);
  // null: the pool's default mode; a tab change puts it back to null.
  const [chosenMode, setChosenMode] = useState<PoolStakeMode | null>(null);
  const [depositOpen, setDepositOpenState] = useState(false);
  const setDepositOpen = (open: boolean) => {
    setDepositOpenState(open);
    onNestedDialog?.(open);
  };

  const coin = pool?.coin ?? '';
  const compliance = useQuery({ ...queries.compliance(), enabled: isLoggedIn });
  const outable = useQuery({ ...queries.outable([coin]), enabled: isLoggedIn && !!coin });
  const borrow = useQuery({ ...lpQueries.borrowSettings(coin), enabled: !!coin });
  const online = useOnline();
  const stake = useApiAction({
    name: 'launchpool.stake',
    path: `${LAUNCHPOOL_BASE}/create-order`,
    form: true,
  });
  // One stake is one order: a double click or a second try sends the action's one key (the form is
  // mounted with its dialog, so a closed and reopened dialog is a new action).
  const submitter = useMoneySubmit();

  const entry = outable.data?.find((e) => e.asset === coin);
  const support = borrow.data?.find((b) => b.coin === coin)?.is_support_launchpool === 1;
  const available = stakeableBalance(entry, support);
  const loaded = !!entry && compliance.isSuccess;

  // The field starts empty: only the user's Max or typing puts a balance in it (issue 19).

  if (!pool) {
    return (
      <Alert color="yellow" icon={<InfoCircleIcon />}>
        {t('launchpool.stake.noPool')}
      </Alert>
    );
  }

  const rules = modeRules(pool, compliance.data?.menu ?? []);
  const mode: PoolStakeMode = rules.show ? (chosenMode ?? rules.defaultMode) : 'spot';
  const numbers = stakeNumbers(pool, available);
  const failure = loaded ? stakeError(pool, amount, available) : null;
  const errorText = failure ? stakeFailureText(failure, numbers, t) : undefined;
  const notStarted = project.state === 2;
  const period = fixedPeriodOf(pool);
  const se = pool.simple_earn;
  const withYours = aprWithStake(pool, failure ? null : amount);
  const disabledConfirm = !loaded || amount === null || !!failure || numbers.usedUp || !online;
  // Why Confirm is greyed when nothing else on screen says it (the label says "used up", the rule
  // broken shows under the amount): the balance still loading, or no amount yet.
  const confirmBlock =
    numbers.usedUp || failure || !online
      ? null
      : !loaded
        ? t('common.loading')
        : amount === null
          ? t('amount.enterFirst')
          : null;

  const changeTab = (value: string | null) => {
    if (!value) return;
    setActiveRid(Number(value));
    setAmount(null);
    setChosenMode(null);
  };

  const pickFlexible = () => {
    if (rules.flexibleDisabled) {
      toast('info', t('launch.earn.tip3'));
      return;
    }
    setChosenMode('flexible');
  };

  const submit = async () => {
    if (amount === null || failure || numbers.usedUp || !online) return;
    const body = { pid: pool.pid, rid: pool.rid, amount, ...modeFields(mode, pool) };
    try {
      const sent = await submitter.run(body, async (idempotencyKey) => {
        trackClick('launchpool.stake.confirm', { rid: pool.rid, coin });
        if (isNewUserPool(pool) || pool.vip_config?.vip_only) {
          try {
            await callApi('post', `${LAUNCHPOOL_BASE}/check-pool-rule`, {
              body: { pid: pool.pid, rid: pool.rid },
              form: true,
            });
          } catch (e) {
            handleApiError(e);
            throw e;
          }
        }
        return stake.run(body, { headers: { 'device-token': deviceToken() }, idempotencyKey });
      });
      // Another click of this action is in flight: that one speaks.
      if (!sent) return;
    } catch {
      // The error catalogue has spoken (toast, analytics); the dialog stays open for another try.
      return;
    }
    void client.invalidateQueries({ queryKey: lpKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.outable([coin]) });
    void client.invalidateQueries({ queryKey: queryKeys.balances });
    reportSuccess({ action: 'launchpool.stake', pid: pool.pid, rid: pool.rid, amount, coin });
    onSuccess({ pid: pool.pid, rid: pool.rid, coin, amount, mode, period: mode === 'fixed' ? period : 0 });
  };

  const tabs = pools.length > 1 && (
    <Tabs value={String(pool.rid)} onChange={changeTab} variant="pills" radius="md">
      <Tabs.List aria-label={t('launchpool.stake.poolTabs')} style={{ flexWrap: 'wrap', gap: 6 }}>
        {pools.map((p) => (
          <Tabs.Tab key={p.rid} value={String(p.rid)} data-testid={`stake-tab-${p.rid}`}>
            <Group gap={6} wrap="nowrap">
              <span>{p.coin}</span>
              {/* Several pools may stake the same coin: the rate tells them apart. */}
              <Text span size="xs" className="num">
                {poolAprText(p)}
              </Text>
              {p.vip_config?.vip_only && (
                <Badge size="xs" color="yellow" variant="light">
                  {t('launchpool.vip')}
                </Badge>
              )}
              {isNewUserPool(p) && (
                <Badge size="xs" color="orange" variant="light">
                  {t('launchpool.newcomers')}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );

  return (
    <Stack gap="md" data-testid="stake-form" data-rid={pool.rid}>
      {tabs}
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <CoinAvatar coin={project.coin} size={36} />
          <div>
            <Text size="xs" c="dimmed">
              {t('launchpool.stake.rewardCoin')}
            </Text>
            <Group gap={6}>
              <Text fw={650} data-testid="stake-reward-coins">
                {poolRewardCoins(pool)
                  .map((c) => c.coin)
                  .join(' + ')}
              </Text>
              {isNewUserPool(pool) && (
                <Badge size="sm" color="orange" variant="light" data-testid="newcomers-tag">
                  {t('launchpool.newcomers')}
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <div style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            {poolAprLabel(pool, t)}
          </Text>
          <PoolApr pool={pool} stakeAmount={amount} fz="xl" testId="stake-apr" />
          {withYours && (
            // Your stake dilutes the pool: the rate you would get is the one with it counted.
            <Text size="xs" c="dimmed" data-testid="stake-apr-yours">
              {t('launchpool.apr.yours', {
                amount: formatAmount(amount ?? '0', pool.decimal_place),
                coin,
                apr: formatRate(withYours.times(100).toFixed()),
              })}
            </Text>
          )}
        </div>
      </Group>

      {notStarted && (
        <Alert color="blue" variant="light" icon={<InfoCircleIcon />} data-testid="start-notice">
          {t('launchpool.stake.startNotice', { time: formatDate(project.start_timest, true) })}
        </Alert>
      )}

      <AmountInput
        value={amount}
        onChange={setAmount}
        data-autofocus
        onEnter={() => {
          if (loaded && !submitter.pending) void submit();
        }}
        precision={pool.decimal_place}
        max={loaded && !numbers.usedUp ? numbers.max : null}
        maxReason={numbers.usedUp ? t('launchpool.stake.usedUp') : undefined}
        coin={coin}
        error={errorText}
        label={t('amount.label')}
        maxActionName="launchpool.stake.max"
        data-testid="stake-amount"
      />

      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {/* Unified accounts word it differently: borrowed funds may or may not count (see stakeableBalance). */}
            {t(
              entry && entry.mode !== 'classic'
                ? 'launchpool.stake.available.unified'
                : 'launchpool.stake.available',
            )}
          </Text>
          <Group gap={8} wrap="nowrap">
            {outable.isLoading ? (
              <Skeleton h={16} w={80} />
            ) : (
              <Text size="sm" fw={600} className="num" data-testid="stake-available">
                {formatAmount(available, pool.decimal_place)} {coin}
              </Text>
            )}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setDepositOpen(true)}
              data-testid="stake-add-funds"
            >
              {t('launchpool.stake.addFunds')}
            </Anchor>
          </Group>
        </Group>
        <Row label={t('launchpool.stake.staked')} testId="stake-staked">
          {formatAmount(numbers.staked, pool.decimal_place)} {coin}
        </Row>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('launchpool.stake.quota')}
            </Text>
            {isVipQuota(pool) && (
              <Badge size="xs" color="yellow" variant="filled" data-testid="vip-marker">
                {t('launchpool.vip')}
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={600} className="num" data-testid="stake-quota">
            {formatAmount(numbers.quota, pool.decimal_place)} {coin}
          </Text>
        </Group>
      </Stack>

      {rules.show && se && (
        <Stack gap={8} data-testid="auto-earn">
          <Text size="sm" fw={600}>
            {t('launchpool.stake.autoEarn')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('launchpool.stake.autoEarn.help', { coin })}
          </Text>
          <Group
            gap="sm"
            wrap="nowrap"
            role="radiogroup"
            aria-label={t('launchpool.stake.autoEarn')}
            onKeyDown={onRadioGroupKeyDown}
          >
            {rules.flexibleAvailable && (
              <ModeOption
                label={t('launchpool.stake.flexible')}
                description={t('launchpool.stake.flexible.desc', { rate: formatAmount(se.rate, 2) })}
                checked={mode === 'flexible'}
                disabled={rules.flexibleDisabled}
                onSelect={pickFlexible}
                tabIndex={radioTabIndex(mode === 'flexible', 0, mode !== 'spot')}
                testId="mode-flexible"
              />
            )}
            {rules.fixedAvailable && (
              <ModeOption
                label={t('launchpool.stake.fixed', { days: period })}
                description={t('launchpool.stake.fixed.desc', {
                  rate: formatAmount(se.fixed_rate, 2),
                  days: period,
                })}
                checked={mode === 'fixed'}
                disabled={false}
                onSelect={() => setChosenMode('fixed')}
                tabIndex={radioTabIndex(mode === 'fixed', rules.flexibleAvailable ? 1 : 0, mode !== 'spot')}
                testId="mode-fixed"
              />
            )}
          </Group>
          {rules.flexibleAvailable && se.flexible_up_to && (
            // What simple earn pays once the coins join it: its live offer, bonus tiers included.
            <Text size="xs" c="dimmed" data-testid="flexible-after">
              {se.flexible_up_to.amount
                ? t('launchpool.stake.flexible.after', {
                    rate: formatAmount(se.flexible_up_to.rate_year, 2),
                    amount: formatAmount(se.flexible_up_to.amount),
                    coin,
                  })
                : t('launchpool.stake.flexible.afterAny', {
                    rate: formatAmount(se.flexible_up_to.rate_year, 2),
                  })}
            </Text>
          )}
          {rules.flexibleDisabled && (
            <Text size="xs" c="dimmed" data-testid="flexible-disabled-tip">
              {t('launch.earn.tip3')}
            </Text>
          )}
          <Checkbox
            label={t('launchpool.stake.spot')}
            checked={mode === 'spot'}
            disabled={rules.spotDisabled}
            onChange={(e) =>
              setChosenMode(
                e.currentTarget.checked
                  ? 'spot'
                  : rules.flexibleDisabled || !rules.flexibleAvailable
                    ? 'fixed'
                    : 'flexible',
              )
            }
            data-testid="mode-spot"
          />
        </Stack>
      )}

      <OfflineNotice />
      <Group grow gap="sm" mt="xs" align="flex-start">
        <Button variant="default" size="md" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <DisabledReason reason={confirmBlock} testId="stake-confirm-reason" block>
          <Button
            size="md"
            fullWidth
            onClick={() => void submit()}
            disabled={disabledConfirm}
            loading={submitter.pending}
            data-testid="stake-confirm"
          >
            {numbers.usedUp ? t('launchpool.stake.usedUp') : t('common.confirm')}
          </Button>
        </DisabledReason>
      </Group>

      {depositOpen && (
        <DepositOptionsDialog
          coin={coin}
          opened={depositOpen}
          onClose={() => setDepositOpen(false)}
          onTransfer={() => toast('info', t('launchpool.transfer.info'))}
        />
      )}
    </Stack>
  );
}

/**
 * A refused stake in the user's language, its amounts grouped as the form shows them ('20,000 GT').
 * Above the personal maximum with something already staked, it also says what may still be added:
 * 'The maximum stake per user is 20,000 GT' alone read as wrong next to a typed 19,900 GT.
 */
function stakeFailureText(failure: PoolRuleFailure, numbers: StakeNumbers, t: TFunction): string {
  const params = { ...failure.params };
  if (params.amount && /^\d+(\.\d+)?$/.test(params.amount)) params.amount = formatAmount(params.amount);
  const text = translateKey(failure.key, params, failure.key);
  if (failure.key !== LaunchPoolKey.stakeMax || dec(numbers.staked).isZero()) return text;
  return `${text}${t('launchpool.stake.maxLeft', {
    staked: formatAmount(numbers.staked),
    quota: formatAmount(numbers.quota),
    coin: failure.params.coin,
  })}`;
}
