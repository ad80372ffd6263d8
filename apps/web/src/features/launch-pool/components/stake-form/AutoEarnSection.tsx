import type { PoolStakeMode } from '@earn/domain';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../components/format';
import { onRadioGroupKeyDown, radioTabIndex } from '../../../../components/radioGroup';
import type { PoolSimpleEarn } from '../../api/index';
import type { ModeRules } from '../../rules';
import { ModeOption } from './ModeOption';

/** Where the staked coins earn meanwhile: simple earn flexible, simple earn fixed, or spot. */
export function AutoEarnSection({
  coin,
  se,
  rules,
  mode,
  period,
  onPickFlexible,
  onChoose,
}: {
  coin: string;
  se: PoolSimpleEarn;
  rules: ModeRules;
  mode: PoolStakeMode;
  period: number;
  onPickFlexible: () => void;
  onChoose: (mode: PoolStakeMode) => void;
}) {
  const { t } = useTranslation();
  return (
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
            onSelect={onPickFlexible}
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
            onSelect={() => onChoose('fixed')}
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
          onChoose(
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
  );
}
