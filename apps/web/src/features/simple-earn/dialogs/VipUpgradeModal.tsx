import { VIP_RESUBSCRIBE_TIER } from '@earn/domain';
import { Anchor, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { UserIcon } from '../../../components/icons';
import { seQueries } from '../api/queries';
import { amt } from '../format';
import { vipLink } from '../links';

/**
 * Screen 14: how to reach the VIP tier a product needs, from the upgrade-way answer (recommend_type 0
 * none, 1 hold GT, 2 hold assets, 3 trade volume). From a VIP product's subscribe-again the page link
 * uses upTo=5.
 */
export function VipUpgradeModal({
  opened,
  onClose,
  pid,
}: {
  opened: boolean;
  onClose: () => void;
  pid?: number;
}) {
  const { t } = useTranslation();
  const q = useQuery({ ...seQueries.upgradeWay(pid), enabled: opened });
  const way = q.data;
  const text = way
    ? t(`se.vip.recommend.${way.recommend_type}`, {
        value: amt(way.recommend_value, 2),
        asset: way.recommend_asset,
        tier: way.target_tier,
      })
    : '';
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={t('se.vip.upgradeTitle')}
      testId="vip-upgrade-modal"
      size="md"
    >
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow" aria-hidden="true">
          <UserIcon size={28} />
        </ThemeIcon>
        <Text size="sm">{t('se.vip.upgradeBody', { tier: way?.target_tier ?? VIP_RESUBSCRIBE_TIER })}</Text>
        {q.isLoading ? (
          <Loader size="sm" />
        ) : (
          <Text fw={600} data-testid="vip-recommend">
            {text}
          </Text>
        )}
        <Group w="100%" grow>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button component="a" href={vipLink(VIP_RESUBSCRIBE_TIER)} data-testid="vip-upgrade-link">
            {t('se.vip.upgrade')}
          </Button>
        </Group>
        <Anchor href="/vip" size="xs">
          {t('se.vip.benefits')}
        </Anchor>
      </Stack>
    </DialogFrame>
  );
}
