import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RewardPool } from '../../api/index';
import { isNewUserPool } from '../../rules';
import { poolAprText } from '../PoolApr';

/** One tab per pool the dialog offers, with its coin, rate and VIP / newcomers tags. */
export function PoolTabs({
  pools,
  active,
  onChange,
}: {
  pools: RewardPool[];
  active: RewardPool;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={String(active.rid)} onChange={onChange} variant="pills" radius="md">
      <Tabs.List aria-label={t('launchpool.stake.poolTabs')} style={{ flexWrap: 'wrap', gap: 6 }}>
        {pools.map((p) => (
          <Tabs.Tab key={p.rid} value={String(p.rid)} data-testid={`stake-tab-${p.rid}`}>
            <Group gap={6} wrap="nowrap">
              <span>{p.coin}</span>
              {/* Several pools may stake the same coin: the rate tells them apart. */}
              <Text span size="xs" className="num">
                {poolAprText(p)}
              </Text>
              {p.vip_config?.vip_only && (
                <Badge size="xs" color="yellow" variant="light">
                  {t('launchpool.vip')}
                </Badge>
              )}
              {isNewUserPool(p) && (
                <Badge size="xs" color="orange" variant="light">
                  {t('launchpool.newcomers')}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
