import { dec, isPlainDecimal } from '@earn/domain';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../components/format';
import type { LaunchProject } from '../../api/types';

/** A project's whole hours: what a reward per hour is funded for. */
export function projectHours(start: number, end: number): number {
  return Math.max(0, Math.floor((end - start) / 3600));
}

/** reward per hour × hours, as the server funds it (exact decimals). */
export function fundingOf(rewardPerHour: unknown, hours: number): string | null {
  if (typeof rewardPerHour !== 'string' || !isPlainDecimal(rewardPerHour)) return null;
  return dec(rewardPerHour).times(hours).toFixed();
}

/**
 * What a creation takes from the project account: each reward is funded at once with its reward
 * per hour × the project's hours, so the operator sees the sum before saving.
 */
export function FundingNote({
  kind,
  project,
  wire,
}: {
  kind: 'project' | 'pool' | 'coin';
  project?: LaunchProject;
  wire: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  if (kind === 'project') {
    const start = Number(wire.start_timest);
    const end = Number(wire.end_timest);
    const hours = projectHours(start, end);
    const given = Array.isArray(wire.pools) ? (wire.pools as Record<string, unknown>[]) : [];
    const pools = given.map((p, n) => ({ coin: p.coin, rewardPerHour: p.reward_per_hour, line: `${n + 1}` }));
    const coin = String(wire.reward_coin ?? '');
    return (
      <Alert color="blue" variant="light" data-testid="funding-note">
        {t('admin.lp.fundingProject', { hours })}
        <List size="sm" mt={4}>
          {pools.map((p) => (
            <List.Item key={p.line}>
              {t('admin.lp.fundingLine', {
                pool: String(p.coin ?? ''),
                amount: formatAmount(fundingOf(p.rewardPerHour, hours) ?? '0', 8),
                coin,
              })}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (!project) return null;
  const hours = projectHours(project.start_timest, project.end_timest);
  const coin = kind === 'coin' ? String(wire.coin ?? '') : project.coin;
  const total = fundingOf(wire.reward_per_hour, hours);
  return (
    <Alert color="blue" variant="light" data-testid="funding-note">
      {t(kind === 'coin' ? 'admin.lp.fundingCoin' : 'admin.lp.fundingPool', {
        amount: total === null ? '—' : formatAmount(total, 8),
        coin,
        perHour: String(wire.reward_per_hour ?? ''),
        hours,
      })}
    </Alert>
  );
}
