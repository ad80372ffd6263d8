import { dec } from '@earn/domain';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import type { Campaign } from '../../../api/index';
import { InfoRow } from '../../../components/parts';
import { formatRate, formatStamp } from '../../../rules';

export function ExtraBonusView({ campaign, onRules }: { campaign: Campaign | null; onRules: () => void }) {
  const { t } = useTranslation();
  if (!campaign) return <Text c="dimmed">{t('finances.noData')}</Text>;
  return (
    <Stack gap="md" data-testid="bonus-view">
      <Group justify="space-between">
        <Badge variant="light" color={campaign.status === 1 ? 'teal' : 'gray'} data-testid="bonus-status">
          {t(`staking.bonus.status.${campaign.status}`)}
        </Badge>
        <Text className="apr" fw={700}>
          +{formatRate(campaign.ext_award_rate_year)}
        </Text>
      </Group>
      <Stack gap={8}>
        <InfoRow label={t('staking.field.rewardCoin')} value={campaign.award_asset} />
        <InfoRow
          label={t('staking.bonus.limit')}
          value={
            campaign.ext_award_limit === '-1'
              ? t('staking.unlimited')
              : t('staking.bonus.limitRange', { max: formatAmount(campaign.ext_award_limit) })
          }
        />
        <InfoRow label={t('staking.bonus.start')} value={formatStamp(campaign.start_time)} />
        <InfoRow label={t('staking.bonus.end')} value={formatStamp(campaign.end_time)} />
      </Stack>
      <Table withTableBorder withColumnBorders={false} verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staking.bonus.tier')}</Table.Th>
            <Table.Th ta="right">{t('staking.bonus.tierRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaign.interest.map((tier) => (
            <Table.Tr key={`${tier.money_min}-${tier.money_max}`}>
              <Table.Td className="num">
                {tier.money_max === '-1'
                  ? t('staking.bonus.tierFrom', { min: formatAmount(tier.money_min) })
                  : `${formatAmount(tier.money_min)} – ${formatAmount(tier.money_max)}`}
              </Table.Td>
              <Table.Td ta="right" className="num">
                {formatRate(dec(tier.money_rate).times(100).toFixed())}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component="button" type="button" size="sm" onClick={onRules} data-testid="bonus-event-rules">
        {t('staking.bonus.eventRules')}
      </Anchor>
    </Stack>
  );
}
