import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FixedProduct } from '../api/types';
import { useSpecialEligibility } from '../hooks';

/**
 * A special product's mark on its chip and term tab: 'Special' unless the server said the signed-in
 * user may not subscribe it, then 'Not eligible' (a newcomer special offered to a user with fixed
 * orders read 'Special' until Subscribe was refused). Nothing for other products.
 */
export function SpecialBadge({ product }: { product: Pick<FixedProduct, 'id' | 'type'> }) {
  const { t } = useTranslation();
  const { special, eligible } = useSpecialEligibility(product);
  if (!special) return null;
  return eligible === false ? (
    <Badge size="xs" color="gray" variant="light" data-testid={`special-ineligible-${product.id}`}>
      {t('se.special.ineligible')}
    </Badge>
  ) : (
    <Badge size="xs" color="grape" variant="light">
      {t('se.special')}
    </Badge>
  );
}
