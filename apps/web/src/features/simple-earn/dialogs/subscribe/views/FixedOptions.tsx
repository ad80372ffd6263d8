import { dec, SimpleEarnRedeemAccount } from '@earn/domain';
import { Box, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { amt } from '../../../format';
import { prefs } from '../../../prefs';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** A fixed term's choices: the voucher, auto-reinvest and where the principal goes at maturity. */
export function FixedOptions({ flow }: { flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const {
    product,
    fixed,
    isLoggedIn,
    voucherId,
    setVoucherId,
    usable,
    redeemTo,
    setRedeemTo,
    setReinvestChoice,
    setServerError,
    canReinvest,
    reinvestOn,
    canChooseRedeemTo,
    spotLabel,
  } = flow;
  return (
    <>
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
    </>
  );
}
