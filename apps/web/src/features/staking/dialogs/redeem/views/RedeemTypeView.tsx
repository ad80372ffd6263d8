import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import { RedeemArrival } from '../../../../../components/redeem-arrival/RedeemArrival';
import type { StakingProduct } from '../../../api/index';
import { InfoRow } from '../../../components/parts';
import { feePercent, type RedeemType, redeemQuote } from '../../../rules';
import type { RedeemFlow } from '../useRedeemFlow';

/** The redeem type select: standard or quick, each with its fee, arrival and (quick) daily quota. */
export function RedeemTypeView({ flow, product: p }: { flow: RedeemFlow; product: StakingProduct }) {
  const { t } = useTranslation();
  const { pendingType, setPendingType, valid, protocol, tier, nowSeconds, quick, pidArg } = flow;
  return (
    <Stack gap="md" data-testid="redeem-type-view">
      <Radio.Group value={pendingType} onChange={(v) => setPendingType(v as RedeemType)}>
        <Stack gap="sm">
          {(['standard', 'quick'] as const).map((kind) => {
            const q = redeemQuote(valid ?? '0', kind, p, protocol, tier, nowSeconds());
            const disabled = kind === 'quick' && quick !== 'selectable';
            const daily = p.redeem_config.redeem_quick_daily;
            return (
              <Radio.Card
                key={kind}
                value={kind}
                disabled={disabled}
                p="md"
                radius="md"
                data-testid={`redeem-type-${kind}`}
                style={disabled ? { opacity: 0.55 } : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator disabled={disabled} mt={2} />
                  <Stack gap={4} style={{ flex: 1 }}>
                    <Text fw={600} size="sm">
                      {t(`staking.redeemType.${kind}`)}
                    </Text>
                    <InfoRow label={t('staking.field.feeRate')} value={feePercent(q.feeRate)} />
                    <InfoRow
                      label={t('staking.field.arrival')}
                      value={
                        <RedeemArrival
                          query={{
                            line: 'staking',
                            asset: p.coin,
                            quick: kind === 'quick' ? '1' : '0',
                            pid: pidArg,
                          }}
                          testId={`arrival-${kind}`}
                        />
                      }
                    />
                    {kind === 'quick' && (
                      <InfoRow
                        label={t('staking.redeemType.dailyQuota')}
                        value={daily === '-1' ? t('staking.unlimited') : `${formatAmount(daily)} ${p.coin}`}
                        testId="quick-quota"
                      />
                    )}
                    {disabled && (
                      <Text size="xs" c="orange">
                        {t('staking.redeemType.quickUnavailable')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </Radio.Group>
      <Button
        onClick={() => {
          flow.setType(pendingType);
          flow.setView('main');
        }}
        data-testid="redeem-type-confirm"
      >
        {t('common.confirm')}
      </Button>
    </Stack>
  );
}
