import { type AprSegment, aprUpTo, blendedApr, dec, fixedSchedule } from '@earn/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n';
import type { FixedProduct, ProductDetail, Voucher } from '../api/types';
import { amt, pct } from '../format';
import { LINKS } from '../links';
import { amountApr, estimate, productTerms, upTo } from '../rules';

/** The subscribe dialog's read-only parts: the APR for the typed amount, the estimates and the rules. */

export function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" data-testid={testId}>
      <Text size="sm" c="dimmed" component="div">
        {label}
      </Text>
      <Text size="sm" className="num" ta="right" component="div">
        {value}
      </Text>
    </Group>
  );
}

/** A stretch of the ladder in words: "On the first 500 USDT", "On the next 1,500 USDT", "Above 2,000 USDT". */
function stretchLabel(s: AprSegment, coin: string, t: TFunction): string {
  if (s.from.isZero() && s.to === null) return t('se.apr.any');
  if (s.from.isZero() && s.to) return t('se.apr.first', { amount: amt(s.to.toFixed()), coin });
  if (s.to) return t('se.apr.next', { amount: amt(s.to.minus(s.from).toFixed()), coin });
  return t('se.apr.above', { amount: amt(s.from.toFixed()), coin });
}

/**
 * The APR of the amount typed, by the one rule the server answers with and the engine pays by, with
 * its breakdown over the ladder's stretches (the part of the amount in each and its interest a year).
 * Without an amount: "up to" and the amount it needs. Flexible amounts are placed above what the
 * holding already has (`held`).
 */
export function AprBreakdown({
  product,
  amount,
  voucher,
  held = '0',
}: {
  product: FixedProduct;
  amount: string | null;
  voucher: Voucher | null;
  held?: string;
}) {
  const { t } = useTranslation();
  const fixed = product.id !== 0;
  const coin = product.asset;
  // Only a flexible amount joins a holding on the ladder: a fixed order's tiers start at 0 (as its
  // estimate, the server and the success dialog count them), whatever the flexible holding is.
  const below = fixed ? '0' : held;
  const blended = amountApr(product, amount, voucher, below);
  const terms = productTerms(product, voucher);
  const stretches = (blended ?? blendedApr(0, terms, below)).segments;
  const best = voucher ? aprUpTo(terms) : null;
  const up = best ? { apr: best.apr.toFixed(), amount: best.amount?.toFixed() ?? null } : upTo(product);
  const holdingAfter =
    !fixed && blended && dec(held).gt(0) ? blendedApr(dec(held).plus(blended.amount), terms).apr : null;
  return (
    <Stack gap={6} data-testid="apr-breakdown">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm" fw={600}>
          {blended ? t('se.apr.forAmount', { amount: amt(blended.amount.toFixed()), coin }) : t('se.estApr')}
        </Text>
        <Text size="lg" fw={700} className="apr" data-testid="est-apr" ta="right">
          {blended
            ? pct(blended.apr.toFixed())
            : up.amount
              ? t('se.apr.upTo', { apr: pct(up.apr) })
              : pct(up.apr)}
        </Text>
      </Group>
      {!blended && up.amount && (
        <Text size="xs" c="dimmed" ta="right" data-testid="apr-up-to">
          {t('se.apr.upToFirst', { apr: pct(up.apr), amount: amt(up.amount), coin })}
        </Text>
      )}
      {stretches.length > 1 &&
        stretches.map((s) => (
          <Stack key={s.from.toFixed()} gap={0} data-testid="apr-stretch">
            <Row
              label={stretchLabel(s, coin, t)}
              value={
                <Text
                  span
                  size="sm"
                  fw={s.amount.gt(0) ? 600 : 400}
                  c={s.amount.gt(0) ? undefined : 'dimmed'}
                >
                  {pct(s.apr.toFixed())}
                </Text>
              }
            />
            {blended && s.amount.gt(0) && (
              <Text size="xs" c="dimmed" ta="right" className="num">
                {t('se.apr.stretchYour', {
                  amount: amt(s.amount.toFixed()),
                  interest: amt(s.interestYear.toFixed(), 8),
                  coin,
                })}
              </Text>
            )}
          </Stack>
        ))}
      {stretches.length === 1 && blended && <Row label={t('se.apr.base')} value={pct(product.year_rate)} />}
      {voucher && fixed && (
        <Text size="xs" c="dimmed" data-testid="apr-voucher-note">
          {t('se.apr.voucherNote', {
            ratio: `${amt(voucher.rate_ratio, 2)}%`,
            days: Math.min(voucher.rate_day, product.lock_up_period),
            apr: pct(dec(terms.voucherApr ?? 0).toFixed(), 4),
          })}
        </Text>
      )}
      {dec(held).gt(0) && !fixed && (
        <Text size="xs" c="dimmed" data-testid="apr-held-note">
          {t('se.apr.held', { amount: amt(held), coin })}
          {holdingAfter && ` ${t('se.apr.holdingAfter', { apr: pct(holdingAfter.toFixed()) })}`}
        </Text>
      )}
      {product.bonus_asset && product.bonus_asset !== coin && terms.bonusTiers.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('se.apr.bonusNote', { coin: product.bonus_asset })}
        </Text>
      )}
      {!fixed && (
        <Text size="xs" c="dimmed">
          {t('se.apr.flexNote')}
        </Text>
      )}
    </Stack>
  );
}

export function Estimates({
  product,
  amount,
  voucher,
  held,
}: {
  product: FixedProduct;
  amount: string | null;
  voucher: Voucher | null;
  held?: string;
}) {
  const { t } = useTranslation();
  const est = estimate(product, amount, voucher, held);
  const fixed = product.id !== 0;
  const hasBonus = productTerms(product).bonusTiers.length > 0;
  return (
    <Stack gap={6} data-testid="estimates">
      <Row
        label={fixed ? t('se.estReturnTerm', { days: product.lock_up_period }) : t('se.estReturnDaily')}
        value={`${est ? amt(est.interest) : '--'} ${product.asset}`}
        testId="est-interest"
      />
      {hasBonus && (
        <Row
          label={t('se.estBonus')}
          value={`${est ? amt(est.bonus) : '--'} ${est?.bonusAsset ?? (product.bonus_asset || product.asset)}`}
          testId="est-bonus"
        />
      )}
      {voucher && (
        <Row
          label={t('se.estVoucher')}
          value={`${est ? amt(est.voucher) : '--'} ${product.asset}`}
          testId="est-voucher"
        />
      )}
    </Stack>
  );
}

export function TradingRules({ product, now }: { product: FixedProduct; now: number }) {
  const { t } = useTranslation();
  if (product.id === 0) {
    return (
      <Stack gap={6} data-testid="trading-rules">
        <Row label={t('se.rules.subscribeAt')} value={formatDate(now, true)} />
        <Row label={t('se.rules.interestStart')} value={formatDate(now + 3600, true)} />
        <Row label={t('se.rules.interestReceived')} value={formatDate(now + 7200, true)} />
        <Row label={t('se.rules.redemption')} value={t('se.rules.immediate')} />
      </Stack>
    );
  }
  const s = fixedSchedule(now, product.lock_up_period);
  return (
    <Stack gap={6} data-testid="trading-rules">
      <Row label={t('se.rules.subscribeAt')} value={formatDate(now, true)} />
      <Row label={t('se.rules.interestStart')} value={formatDate(s.startAt, true)} />
      <Row label={t('se.rules.maturity')} value={formatDate(s.finishAt, true)} />
      <Row label={t('se.rules.payout')} value={formatDate(s.payoutAt, true)} />
    </Stack>
  );
}

export function ProductRules({ product, detail }: { product: FixedProduct; detail: ProductDetail }) {
  const { t } = useTranslation();
  const fixed = product.id !== 0;
  const yes = (v: number) => (v === 1 ? t('se.yes') : t('se.no'));
  return (
    <Stack gap={6} data-testid="product-rules">
      <Row label={t('se.rules.min')} value={`${amt(product.min_lend_amount)} ${product.asset}`} />
      {fixed && (
        <>
          <Row label={t('se.rules.totalQuota')} value={`${amt(product.total_quota)} ${product.asset}`} />
          <Row
            label={t('se.rules.productRemaining')}
            value={`${amt(product.remaining_quota)} ${product.asset}`}
          />
          {!dec(product.user_max_lend_volume || 0).isZero() && (
            <Row
              label={t('se.rules.userMax')}
              value={`${amt(product.user_max_lend_volume)} ${product.asset}`}
            />
          )}
          <Row label={t('se.rules.preRedeem')} value={yes(product.pre_redeem)} />
          <Row label={t('se.rules.reinvest')} value={yes(product.reinvest)} />
        </>
      )}
      {!fixed && <Row label={t('se.rules.lendRatio')} value={pct(detail.lend_ratio)} />}
      {product.subtitle && (
        <Text size="xs" c="dimmed">
          {product.subtitle}
        </Text>
      )}
      <Group gap="md" mt={4}>
        <Anchor href={LINKS.help} size="xs">
          {t('se.links.help')}
        </Anchor>
        <Anchor href={LINKS.proofOfReserves} size="xs">
          {t('se.links.por')}
        </Anchor>
        <Anchor href={LINKS.guide} size="xs">
          {t('se.links.guide')}
        </Anchor>
      </Group>
    </Stack>
  );
}
