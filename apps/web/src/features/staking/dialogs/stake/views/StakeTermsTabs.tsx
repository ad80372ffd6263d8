import { accrualStartAt, firstDistributionAt } from '@earn/domain';
import { Anchor, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import { useServerClock } from '../../../../../components/serverTime';
import type { DefiProtocol, StakingProduct } from '../../../api/index';
import { InfoRow } from '../../../components/parts';
import {
  campaignFor,
  formatRate,
  formatStamp,
  redeemPeriodText,
  rewardDelayOf,
  vipDiscountFor,
} from '../../../rules';

/** The product's rules (limits, dates, redemption period, VIP discount) and its bonus campaign. */
export function StakeTermsTabs({
  product: p,
  protocol,
  tier,
  onRules,
}: {
  product: StakingProduct;
  protocol: DefiProtocol | undefined;
  tier: number;
  onRules: () => void;
}) {
  const { t } = useTranslation();
  const campaign = campaignFor(p, protocol);
  const [tab, setTab] = useState<string | null>('rules');
  const vip = vipDiscountFor(p, tier);
  const delay = rewardDelayOf(p, protocol);
  const now = useServerClock().now();
  const first = firstDistributionAt(now, delay);
  const period = redeemPeriodText(p, protocol);
  const crowd = p.is_crowd === 1;
  const cap = crowd ? p.crowd_mortgage_limit : p.personal_mortgage_limit;
  return (
    <Tabs value={tab} onChange={setTab} variant="outline" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="rules" data-testid="tab-rules">
          {t('staking.tab.rules')}
        </Tabs.Tab>
        {campaign && (
          <Tabs.Tab value="bonus" data-testid="tab-bonus">
            {t('staking.tab.bonus')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="rules" pt="sm">
        <Stack gap={8}>
          <InfoRow
            label={t('staking.field.minStake')}
            value={`${formatAmount(p.min_mortgage_amount)} ${p.coin}`}
          />
          <InfoRow
            label={crowd ? t('staking.field.crowdLimit') : t('staking.field.personalLimit')}
            value={cap === '-1' ? t('staking.unlimited') : `${formatAmount(cap)} ${p.coin}`}
            testId="stake-cap"
          />
          <InfoRow label={t('staking.field.stakeDate')} value={formatStamp(now)} />
          <InfoRow label={t('staking.field.interestStart')} value={formatStamp(accrualStartAt(now, delay))} />
          <InfoRow
            label={t('staking.field.firstDistribution')}
            value={first === null ? t('staking.rewards.atRedeem') : formatStamp(first)}
          />
          <InfoRow label={t('staking.field.redeemPeriod')} value={t(period.key, period.params)} />
          {vip.kind !== 'hidden' && (
            <InfoRow
              label={t('staking.field.vipDiscount')}
              value={
                vip.kind === 'none'
                  ? t('staking.vip.none')
                  : t('staking.vip.tier', {
                      min: vip.row.min_tier,
                      max: vip.row.max_tier,
                      sale: vip.row.vip_sale,
                    })
              }
              testId="vip-discount"
            />
          )}
        </Stack>
      </Tabs.Panel>
      {campaign && (
        <Tabs.Panel value="bonus" pt="sm">
          <Stack gap={8}>
            <InfoRow label={t('staking.bonus.status')} value={t(`staking.bonus.status.${campaign.status}`)} />
            <InfoRow label={t('staking.bonus.extraApr')} value={formatRate(campaign.ext_award_rate_year)} />
            <InfoRow
              label={t('staking.bonus.period')}
              value={`${formatStamp(campaign.start_time)} – ${formatStamp(campaign.end_time)}`}
            />
            <Anchor component="button" type="button" size="sm" onClick={onRules} data-testid="event-rules">
              {t('staking.bonus.eventRules')}
            </Anchor>
          </Stack>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
