import {
  dec,
  fixedMaxAmount,
  roundSubscribeAmount,
  SimpleEarnProductType,
  SimpleEarnRedeemAccount,
} from '@earn/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../api/errors';
import { requireLogin } from '../../../api/session';
import { useMe } from '../../../app/auth';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { isFramed } from '../../../app/embed';
import { AmountInput } from '../../../components/AmountInput';
import { CoinAvatar } from '../../../components/CoinAvatar';
import { DepositOptionsDialog } from '../../../components/DepositOptionsDialog';
import { DisabledReason } from '../../../components/DisabledReason';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { OfflineNotice, useOnline } from '../../../components/OfflineNotice';
import { QueryState } from '../../../components/query-state/QueryState';
import { ResultModal } from '../../../components/ResultModal';
import { inlineRule, passesLockCheck, useFixedSubscribe, useFlexSubscribe } from '../api/actions';
import { fetchSubscribeCheck, seQueries } from '../api/queries';
import type { FixedProduct, ProductDetail, Voucher } from '../api/types';
import { AprChart } from '../components/AprChart';
import { ButtonLabel } from '../components/ButtonLabel';
import { MinAprForm } from '../components/MinAprForm';
import { TermTabs, termLabel } from '../components/TermTabs';
import { amt, pct, usdtHint } from '../format';
import { useRefreshEarn, useServerNow, useSpecialEligibility, useVipTier } from '../hooks';
import { holdingsLink, LINKS, vipLink } from '../links';
import { prefs } from '../prefs';
import { amountApr, isSoldOut, subscribeFailure, vipStanding, vouchersFor } from '../rules';
import { AutoEarnModal, type AutoEarnTarget } from './AutoEarnModal';
import { IneligibleModal } from './IneligibleModal';
import { AprBreakdown, Estimates, ProductRules, TradingRules } from './SubscribeInfo';

/** Section 9: the subscribe button is debounced 500 ms. */
export const SUBSCRIBE_DEBOUNCE_MS = 500;
/** Desktop lets up to 8 decimals be typed; 6 are sent. */
const INPUT_DECIMALS = 8;

export interface SubscribeTarget {
  asset: string;
  /** 0 opens the flexible term; a fixed product id opens that term. */
  productId?: number;
}

export { termLabel };

/** Screen 1: subscribe to a flexible or fixed product of one asset; full-screen on mobile. */
export function SubscribeModal({
  target,
  onClose,
  vip = false,
}: {
  target: SubscribeTarget | null;
  onClose: () => void;
  vip?: boolean;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const products = useQuery({ ...seQueries.products(), enabled: !!target });
  const detail = products.data?.find((d) => d.asset === target?.asset);
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      fullScreen={mobile}
      size={mobile ? '100%' : 920}
      centered
      radius={mobile ? 0 : 'lg'}
      title={
        target ? (
          <Group gap="sm">
            <CoinAvatar coin={target.asset} size={28} />
            <Text fw={650}>{t('se.subscribe.title', { coin: target.asset })}</Text>
          </Group>
        ) : null
      }
      data-testid="subscribe-modal"
      data-variant={mobile ? 'mobile' : 'desktop'}
    >
      {!detail ? (
        <Center py={60}>
          {products.isError ? <Text c="dimmed">{t('finances.noData')}</Text> : <Loader />}
        </Center>
      ) : (
        <SubscribeBody
          key={detail.asset}
          detail={detail}
          initialId={target?.productId}
          onClose={onClose}
          vip={vip}
          mobile={!!mobile}
        />
      )}
    </Modal>
  );
}

function SubscribeBody({
  detail,
  initialId,
  onClose,
  vip,
  mobile,
}: {
  detail: ProductDetail;
  initialId?: number;
  onClose: () => void;
  vip: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, isLoggedIn } = useMe();
  const tier = useVipTier();
  const now = useServerNow();
  const refresh = useRefreshEarn();
  const entries = detail.fixed_list;
  const [productId, setProductId] = useState<number>(
    entries.some((p) => p.id === initialId) ? (initialId as number) : (entries[0]?.id ?? 0),
  );
  const product = entries.find((p) => p.id === productId) ?? entries[0];
  const fixed = !!product && product.id !== 0;
  const [amount, setAmount] = useState<string | null>(null);
  const [voucherId, setVoucherId] = useState<string | null>(null);
  const [reinvest, setReinvest] = useState<number>(() => prefs.reinvestStatus());
  const [redeemTo, setRedeemTo] = useState<number>(
    () => prefs.redeemAccountType() || SimpleEarnRedeemAccount.spot,
  );
  const [serverError, setServerError] = useState<{ key: string; params: Record<string, unknown> } | null>(
    null,
  );
  const [success, setSuccess] = useState<{ amount: string; product: FixedProduct; apr: string } | null>(null);
  const [ineligible, setIneligible] = useState(false);
  const [minAprOpen, setMinAprOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const [autoEarn, setAutoEarn] = useState<AutoEarnTarget | null>(null);
  const selectedTermRef = useRef<HTMLButtonElement>(null);
  // On a narrow screen the term row scrolls: bring the chosen term into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on term change only
  useEffect(() => {
    selectedTermRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [productId]);

  const available = useQuery({ ...seQueries.available(detail.asset), enabled: isLoggedIn });
  const lendable = useQuery({ ...seQueries.lendable(product?.id ?? 0, vip), enabled: isLoggedIn && fixed });
  const vouchers = useQuery({ ...seQueries.vouchers(product?.id ?? 0), enabled: isLoggedIn && fixed });
  const holdings = useQuery({ ...seQueries.flexHoldings(), enabled: isLoggedIn && !fixed });
  const autoInvest = useQuery({ ...seQueries.autoInvest(), enabled: isLoggedIn && !fixed });
  const flexAction = useFlexSubscribe();
  const fixedAction = useFixedSubscribe(vip);
  // One subscription is one order: a double click or a second try sends the action's one key; the
  // spec's 500 ms debounce on top. The body is mounted with its dialog: reopened, it is a new action.
  const submitter = useMoneySubmit({ debounceMs: SUBSCRIBE_DEBOUNCE_MS });
  const online = useOnline();
  // A special product's eligibility is asked when it is shown, not only at Subscribe (issue 27).
  const special = useSpecialEligibility(product);
  const specialBlocked = isLoggedIn && special.special && special.eligible !== true;

  // A new term starts clean: its own voucher list, quota and server answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on term change only
  useEffect(() => {
    setVoucherId(null);
    setServerError(null);
  }, [productId]);

  const usable = useMemo(
    () => vouchersFor(vouchers.data?.list ?? [], detail.asset),
    [vouchers.data, detail.asset],
  );
  const voucher: Voucher | null = usable.find((v) => String(v.id) === voucherId) ?? null;
  if (!product) return null;

  const soldOut = isSoldOut(product);
  const standing = vipStanding(product, tier);
  const availableAmount = available.data ?? '0';
  const canReinvest = fixed && product.reinvest === 1;
  const reinvestOn = canReinvest && reinvest === 1;
  const canChooseRedeemTo = fixed && product.redeem_account === 1;
  const failure = isLoggedIn
    ? subscribeFailure({ amount, product, available: availableAmount, lendable: lendable.data, voucher })
    : null;
  const errorText = failure
    ? t(failure.key, failure.params)
    : serverError
      ? t(serverError.key, serverError.params)
      : null;
  const max = !isLoggedIn
    ? null
    : fixed
      ? lendable.data
        ? fixedMaxAmount(lendable.data.lendable, availableAmount).toFixed()
        : null
      : roundSubscribeAmount(availableAmount).toFixed();
  const noRate = dec(product.year_rate || 0).isZero();
  const blocked = soldOut || standing !== 'ok' || noRate || specialBlocked;
  const canSubmit = isLoggedIn && !!amount && !failure && !serverError && !blocked && online;
  // Why Subscribe is greyed, unless the dialog already says it (sold-out alert and label, the VIP card
  // for a tier above the range, the rule under the amount).
  const submitBlock =
    soldOut || specialBlocked || standing === 'above' || errorText || !online
      ? null
      : standing === 'below'
        ? t('se.vip.upgradeBody', { tier: product.min_vip })
        : noRate
          ? t('se.noRateReason')
          : !amount
            ? t('amount.enterFirst')
            : null;
  const flexHolding = holdings.data?.list.find((h) => h.asset === detail.asset);
  // What already earns (or waits to) in the holding: a new amount is placed above it on the ladder.
  const held = flexHolding
    ? dec(flexHolding.principal || 0)
        .plus(flexHolding.pending_amount || 0)
        .toFixed()
    : '0';
  const autoStatus =
    autoInvest.data?.list.find((a) => a.asset === detail.asset)?.status ??
    autoInvest.data?.global_status ??
    0;
  const spotLabel = me && me.account_mode !== 'classic' ? t('se.redeemTo.unified') : t('se.redeemTo.spot');
  const pending = submitter.pending;

  /** Whether a special product lets this user subscribe; false (after the dialog said why) stops. */
  const passesSpecialCheck = async (): Promise<boolean> => {
    if (product.type !== SimpleEarnProductType.special) return true;
    let able = false;
    try {
      able = (await fetchSubscribeCheck(product.id)).is_able_subscribe;
    } catch (e) {
      handleApiError(e, { action: 'simpleEarn.subscribeCheck' });
    }
    if (!able) setIneligible(true);
    return able;
  };

  const submit = async () => {
    if (!isLoggedIn) return requireLogin();
    if (!canSubmit || !amount) return;
    const sent = roundSubscribeAmount(amount).toFixed();
    const fixedBody = {
      product_id: product.id,
      redeem_account_type: reinvestOn ? SimpleEarnRedeemAccount.notOperated : redeemTo,
      reinvest_status: reinvestOn ? 1 : 0,
      amount: sent,
      year_rate: product.year_rate,
      financial_rate_id: voucher?.financial_rate_id,
      ...(vip ? { isVip: 1 } : {}),
    };
    const flexBody = { asset: product.asset, amount: sent, rateYear: product.year_rate };
    try {
      const done = await submitter.run(fixed ? fixedBody : flexBody, async (idempotencyKey) => {
        if (!(await passesLockCheck('subscribe')) || !(await passesSpecialCheck())) return null;
        if (fixed) {
          const order = await fixedAction.run(fixedBody, { idempotencyKey });
          // The order's APR over its term, as its holding card and history record show it.
          return order?.blended_apr ?? amountApr(product, sent, voucher)?.apr.toFixed() ?? product.year_rate;
        }
        const answer = await flexAction.run(flexBody, { idempotencyKey });
        // The holding's APR once this amount earns, as the holding card and history record show it.
        return (
          answer?.blended_apr ??
          amountApr(product, dec(held).plus(sent).toFixed())?.apr.toFixed() ??
          product.year_rate
        );
      });
      if (!done || done.value === null) return;
      setSuccess({ amount: sent, product, apr: done.value });
      await refresh();
    } catch (e) {
      const rule = inlineRule(e);
      if (rule) setServerError(rule);
      else
        handleApiError(e, { action: fixed ? 'simpleEarn.subscribe.fixed' : 'simpleEarn.subscribe.flexible' });
    }
  };

  const setReinvestChoice = (on: boolean) => {
    setReinvest(on ? 1 : 0);
    prefs.setReinvestStatus(on ? 1 : 0);
    if (!on) {
      // Section 4: off restores redeem-to as operated and resets the stored type to 1.
      setRedeemTo(SimpleEarnRedeemAccount.spot);
      prefs.setRedeemAccountType(SimpleEarnRedeemAccount.spot);
    }
  };

  const termTabs = (
    <TermTabs
      entries={entries}
      selectedId={product.id}
      onSelect={setProductId}
      selectedRef={selectedTermRef}
      mobile={mobile}
    />
  );

  const form = (
    <Stack gap="md">
      {termTabs}
      {soldOut && (
        <Alert color="gray" variant="light" data-testid="sold-out-warning">
          {t('se.soldOutWarning')}
        </Alert>
      )}
      {product.type === SimpleEarnProductType.vip && (
        <Alert color="yellow" variant="light" title={t('se.vipExclusive')} data-testid="vip-card">
          <Stack gap={4}>
            <Text size="sm">
              {t('se.vipExclusiveBody', { min: product.min_vip, max: product.max_vip, tier })}
            </Text>
            {standing === 'below' && (
              <Anchor href={vipLink(product.min_vip)} size="sm" data-testid="vip-upgrade-prompt">
                {t('se.vip.upgrade')}
              </Anchor>
            )}
            {standing === 'above' && (
              <Anchor href="/vip" size="sm" data-testid="vip-benefits-prompt">
                {t('se.vip.benefits')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {isLoggedIn && special.special && (
        // Said up front: an ineligible user sees no quota and types no amount for a Subscribe refused.
        <QueryState queries={special.query} compact data-testid="special-check">
          {special.eligible === false && (
            <Alert
              color="orange"
              variant="light"
              title={t('se.ineligible.title')}
              data-testid="ineligible-notice"
            >
              {t('se.ineligible.body')}
            </Alert>
          )}
        </QueryState>
      )}
      {fixed && isLoggedIn && lendable.data && !specialBlocked && (
        <Group justify="space-between" data-testid="remaining-quota">
          <Text size="sm" c="dimmed">
            {t('se.remainingQuota')}
          </Text>
          <Text size="sm" className="num">
            {amt(lendable.data.lendable)} {product.asset}
          </Text>
        </Group>
      )}
      <AmountInput
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setServerError(null);
        }}
        precision={INPUT_DECIMALS}
        max={max}
        coin={product.asset}
        disabled={soldOut || specialBlocked}
        data-autofocus
        onEnter={() => {
          if (!pending) void submit();
        }}
        label={t('se.amount')}
        placeholder={t('se.minAmount', { amount: amt(product.min_lend_amount), coin: product.asset })}
        error={errorText}
        maxActionName="simpleEarn.subscribe.max"
        data-testid="subscribe-amount"
      />
      {/* The typed amount's value, next to the amount: under the estimates it read as the interest's. */}
      {amount && !errorText && usdtHint(product.asset, amount, product.product_asset_price) && (
        <Text size="xs" c="dimmed" ta="right" mt={-12} className="num" data-testid="subscribe-usdt-hint">
          {amt(amount)} {product.asset} {usdtHint(product.asset, amount, product.product_asset_price)}
        </Text>
      )}
      {isLoggedIn && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('se.available')}{' '}
            <Text
              span
              size="xs"
              className="num"
              c="var(--mantine-color-text)"
              data-testid="available-balance"
            >
              {amt(availableAmount)} {product.asset}
            </Text>
          </Text>
          {!isFramed() && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => setDepositOpen(true)}
              data-testid="transfer-shortcut"
            >
              {t('se.transfer')}
            </Anchor>
          )}
        </Group>
      )}
      {fixed && isLoggedIn && (
        <Box data-testid="voucher-picker">
          {usable.length === 0 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('se.voucher.label')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('se.voucher.none')}
              </Text>
            </Group>
          ) : (
            <Select
              label={t('se.voucher.label')}
              placeholder={t('se.voucher.pick')}
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              value={voucherId}
              onChange={(v) => {
                setVoucherId(v);
                setServerError(null);
              }}
              data={usable.map((v) => ({
                value: String(v.id),
                label: t('se.voucher.option', {
                  // The voucher's own terms in the user's language: the operator's title is one text.
                  title: t('se.voucher.title', { rate: v.rate_ratio, days: v.rate_day }),
                  coin: product.asset,
                  low: amt(v.buy_limit_low),
                  high: dec(v.buy_limit_high).isZero() ? '∞' : amt(v.buy_limit_high),
                }),
              }))}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </Box>
      )}
      {canReinvest && (
        <Switch
          checked={reinvestOn}
          onChange={(e) => setReinvestChoice(e.currentTarget.checked)}
          label={t('se.autoReinvest')}
          description={t('se.autoReinvestDesc')}
          data-testid="reinvest-switch"
        />
      )}
      {fixed && !reinvestOn && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('se.redeemTo.label')}
          </Text>
          <SegmentedControl
            fullWidth
            disabled={!canChooseRedeemTo}
            value={String(redeemTo || SimpleEarnRedeemAccount.spot)}
            onChange={(v) => {
              setRedeemTo(Number(v));
              prefs.setRedeemAccountType(Number(v));
            }}
            data={[
              { value: String(SimpleEarnRedeemAccount.spot), label: spotLabel },
              { value: String(SimpleEarnRedeemAccount.flexible), label: t('se.redeemTo.flexible') },
            ]}
            data-testid="redeem-to"
          />
        </Stack>
      )}
      {!fixed && isLoggedIn && (
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text size="sm" fw={500}>
              {t('se.autoEarn')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('se.autoEarnDesc')}
            </Text>
          </Box>
          <Switch
            checked={autoStatus === 1}
            onChange={() => setAutoEarn({ asset: detail.asset, status: autoStatus })}
            aria-label={t('se.autoEarn')}
            data-testid="subscribe-auto-earn"
          />
        </Group>
      )}
      {!fixed && isLoggedIn && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('se.minApr.title')}
          </Text>
          <Group gap={6}>
            <Text size="sm" className="num">
              {pct(flexHolding?.min_lend_rate_year ?? '0')}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setMinAprOpen(true)}
              data-testid="edit-min-apr"
            >
              {t('se.edit')}
            </Anchor>
          </Group>
        </Group>
      )}
      <Divider />
      <AprBreakdown product={product} amount={amount} voucher={voucher} held={held} />
      <Estimates product={product} amount={amount} voucher={voucher} held={held} />
      <OfflineNotice />
      <DisabledReason reason={isLoggedIn && !canSubmit ? submitBlock : null} testId="subscribe-reason" block>
        <Button
          size="md"
          fullWidth
          onClick={() => void submit()}
          disabled={isLoggedIn && !canSubmit}
          loading={pending}
          data-testid="subscribe-submit"
        >
          {!isLoggedIn ? t('auth.login') : soldOut ? t('se.soldOut') : t('se.subscribe')}
        </Button>
      </DisabledReason>
      <Text size="xs" c="dimmed" ta="center">
        {t('se.agree.prefix')}{' '}
        <Anchor href={LINKS.terms} size="xs">
          {t('se.links.terms')}
        </Anchor>{' '}
        ·{' '}
        <Anchor href={LINKS.risk} size="xs">
          {t('se.links.risk')}
        </Anchor>
      </Text>
    </Stack>
  );

  const info = (
    <Stack gap="md">
      <Tabs defaultValue="trading" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="trading">{t('se.tradingRules')}</Tabs.Tab>
          <Tabs.Tab value="product">{t('se.productRules')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trading" pt="sm">
          <TradingRules product={product} now={now()} />
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="sm">
          <ProductRules product={product} detail={detail} />
        </Tabs.Panel>
      </Tabs>
      {!fixed && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('se.chart.title')}
          </Text>
          <AprChart asset={detail.asset} height={150} />
        </Stack>
      )}
    </Stack>
  );

  return (
    <>
      {mobile ? (
        <Stack gap="lg">
          {form}
          {info}
        </Stack>
      ) : (
        <SimpleGrid cols={2} spacing="xl">
          {form}
          <Box
            p="md"
            style={{ background: 'var(--earn-page)', borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="subscribe-info"
          >
            {info}
          </Box>
        </SimpleGrid>
      )}
      <DepositOptionsDialog coin={detail.asset} opened={depositOpen} onClose={() => setDepositOpen(false)} />
      <IneligibleModal title={product.title} opened={ineligible} onClose={() => setIneligible(false)} />
      <AutoEarnModal target={autoEarn} onClose={() => setAutoEarn(null)} />
      <Modal
        opened={minAprOpen}
        onClose={() => setMinAprOpen(false)}
        centered
        title={t('se.minApr.title')}
        fullScreen={mobile}
      >
        <MinAprForm
          asset={detail.asset}
          current={flexHolding?.min_lend_rate_year ?? '0'}
          maxPercent={detail.max_lend_rate_year}
          limitMinPercent={detail.limit_min_lend_rate_year}
          onDone={() => setMinAprOpen(false)}
          onCancel={() => setMinAprOpen(false)}
        />
      </Modal>
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
    </>
  );
}
