import { SimpleEarnProductType } from '@earn/domain';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../../components/query-state/QueryState';
import { amt } from '../../../format';
import { vipLink } from '../../../links';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** What stands before the amount: sold out, a VIP product's range, a special product's eligibility, the quota left. */
export function ProductNotices({ flow }: { flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const { product, fixed, tier, isLoggedIn, special, specialBlocked, lendable, soldOut, standing } = flow;
  return (
    <>
      {soldOut && (
        <Alert color="gray" variant="light" data-testid="sold-out-warning">
          {t('se.soldOutWarning')}
        </Alert>
      )}
      {product.type === SimpleEarnProductType.vip && (
        <Alert color="yellow" variant="light" title={t('se.vipExclusive')} data-testid="vip-card">
          <Stack gap={4}>
            <Text size="sm">
              {t('se.vipExclusiveBody', { min: product.min_vip, max: product.max_vip, tier })}
            </Text>
            {standing === 'below' && (
              <Anchor href={vipLink(product.min_vip)} size="sm" data-testid="vip-upgrade-prompt">
                {t('se.vip.upgrade')}
              </Anchor>
            )}
            {standing === 'above' && (
              <Anchor href="/vip" size="sm" data-testid="vip-benefits-prompt">
                {t('se.vip.benefits')}
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
      {isLoggedIn && special.special && (
        // Said up front: an ineligible user sees no quota and types no amount for a Subscribe refused.
        <QueryState queries={special.query} compact data-testid="special-check">
          {special.eligible === false && (
            <Alert
              color="orange"
              variant="light"
              title={t('se.ineligible.title')}
              data-testid="ineligible-notice"
            >
              {t('se.ineligible.body')}
            </Alert>
          )}
        </QueryState>
      )}
      {fixed && isLoggedIn && lendable.data && !specialBlocked && (
        <Group justify="space-between" data-testid="remaining-quota">
          <Text size="sm" c="dimmed">
            {t('se.remainingQuota')}
          </Text>
          <Text size="sm" className="num">
            {amt(lendable.data.lendable)} {product.asset}
          </Text>
        </Group>
      )}
    </>
  );
}
