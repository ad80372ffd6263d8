import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Highlight,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../../../api/analytics';
import { openPage } from '../../../app/embed';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { formatAmount } from '../../../components/format';
import { CheckCircleIcon, InfoCircleIcon } from '../../../components/icons';
import { type EarnMoreItem, lpQueries, type Project } from '../api/index';
import { poolRewardCoins } from '../rules';
import type { StakeResult } from './stake-form/StakeForm';

function keywords(item: EarnMoreItem): string[] {
  return item.popup_high_light.map((k) => k.trim()).filter(Boolean);
}

/** The CandyDrop 'want more' card: popup_msg with the popup_high_light keywords highlighted, linking to url. */
export function WantMoreCard({ item }: { item: EarnMoreItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = () => {
    trackClick('launchpool.success.candydrop', { id: item.id });
    openPage(item.url, (url) => (url.startsWith('/') ? navigate(url) : window.location.assign(url)));
  };
  return (
    <Paper withBorder p="md" radius="md" w="100%" data-testid="want-more">
      <Stack gap={6}>
        <Text size="xs" fw={700} c="orange" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {t('launchpool.success.wantMore')}
        </Text>
        <Highlight
          highlight={keywords(item)}
          size="sm"
          highlightStyles={{
            background: 'transparent',
            color: 'var(--mantine-color-orange-6)',
            fontWeight: 700,
            padding: 0,
          }}
          data-testid="want-more-text"
        >
          {item.popup_msg}
        </Highlight>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={go} ta="left">
          {t('launchpool.success.go')} →
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** What the success dialog and the success page show after a stake. */
export function StakeSuccessContent({
  project,
  result,
  onDone,
  onViewStakes,
}: {
  project: Project | undefined;
  result: StakeResult;
  onDone: () => void;
  onViewStakes: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const more = useQuery(lpQueries.earnMore(result.coin));
  const item = more.data?.list[0];
  const pool = project?.reward_pools.find((p) => p.rid === result.rid);
  const modeText =
    result.mode === 'fixed'
      ? t('launchpool.mode.fixed', { days: result.period })
      : t(result.mode === 'flexible' ? 'launchpool.mode.flexible' : 'launchpool.mode.spot');
  return (
    <Stack align="center" gap="md" data-testid="stake-success" aria-labelledby={titleId}>
      <ThemeIcon size={68} radius="xl" variant="light" color="teal" aria-hidden="true">
        <CheckCircleIcon size={34} />
      </ThemeIcon>
      <Stack gap={6} align="center" ta="center">
        <Title order={2} size="h3" id={titleId}>
          {t('launchpool.success.title')}
        </Title>
        {project && (
          <Text c="dimmed" size="sm" maw={360}>
            {t('launchpool.success.subtitle', {
              coin: result.coin,
              reward: pool
                ? poolRewardCoins(pool)
                    .map((c) => c.coin)
                    .join(' + ')
                : project.coin,
            })}
          </Text>
        )}
      </Stack>
      <Divider w="100%" />
      <Stack component="dl" gap={10} w="100%" m={0}>
        {[
          [t('launchpool.success.amount'), `${formatAmount(result.amount)} ${result.coin}`],
          [t('launchpool.success.pool'), project ? `${project.name} · ${result.coin}` : result.coin],
          [t('launchpool.success.afterRedeem'), modeText],
        ].map(([label, value]) => (
          <Group key={label} justify="space-between" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} className="num" ta="right">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {item && <WantMoreCard item={item} />}
      {pool && pool.transaction_config.length > 0 && (
        <Alert color="gray" variant="light" icon={<InfoCircleIcon />} w="100%" data-testid="volume-notice">
          {t('launchpool.success.volumeNotice')}
        </Alert>
      )}
      <Group w="100%" grow gap="sm">
        <Button variant="default" size="md" onClick={onViewStakes}>
          {t('launchpool.success.viewStakes')}
        </Button>
        <Button size="md" onClick={onDone} data-testid="success-done">
          {t('launchpool.success.done')}
        </Button>
      </Group>
    </Stack>
  );
}

export function StakeSuccessDialog({
  project,
  result,
  onClose,
  onViewStakes,
}: {
  project: Project | undefined;
  result: StakeResult | null;
  onClose: () => void;
  onViewStakes: () => void;
}) {
  return (
    <DialogFrame opened={!!result} onClose={onClose} size={440} padding="xl" testId="success-dialog">
      {result && (
        <StakeSuccessContent project={project} result={result} onDone={onClose} onViewStakes={onViewStakes} />
      )}
    </DialogFrame>
  );
}
