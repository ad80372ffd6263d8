import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import type { Campaign } from '../../../api/index';
import { formatStamp } from '../../../rules';

/** The spec's number of bonus rules. */
export const BONUS_RULES_COUNT = 6;

export function BonusRulesView({ campaign, coin }: { campaign: Campaign | null; coin: string }) {
  const { t } = useTranslation();
  const params = {
    coin,
    reward: campaign?.award_asset ?? coin,
    start: campaign ? formatStamp(campaign.start_time) : '—',
    end: campaign ? formatStamp(campaign.end_time) : '—',
    limit:
      campaign && campaign.ext_award_limit !== '-1'
        ? formatAmount(campaign.ext_award_limit)
        : t('staking.unlimited'),
  };
  return (
    <List type="ordered" spacing="sm" size="sm" data-testid="bonus-rules">
      {Array.from({ length: BONUS_RULES_COUNT }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, numbered list
        <List.Item key={i}>{t(`staking.bonusRules.${i + 1}`, params)}</List.Item>
      ))}
    </List>
  );
}
