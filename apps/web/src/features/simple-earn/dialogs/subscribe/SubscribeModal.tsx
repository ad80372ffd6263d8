import { Center, Group, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../../app/breakpoints';
import { CoinAvatar } from '../../../../components/CoinAvatar';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import { seQueries } from '../../api/queries';
import { termLabel } from '../../components/TermTabs';
import { SubscribeBody } from './SubscribeBody';

export { SUBSCRIBE_DEBOUNCE_MS } from './constants';

export interface SubscribeTarget {
  asset: string;
  /** 0 opens the flexible term; a fixed product id opens that term. */
  productId?: number;
}

export { termLabel };

/** Screen 1: subscribe to a flexible or fixed product of one asset; full-screen on mobile. */
export function SubscribeModal({
  target,
  onClose,
  vip = false,
}: {
  target: SubscribeTarget | null;
  onClose: () => void;
  vip?: boolean;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const products = useQuery({ ...seQueries.products(), enabled: !!target });
  const detail = products.data?.find((d) => d.asset === target?.asset);
  return (
    <DialogFrame
      opened={!!target}
      onClose={onClose}
      size={mobile ? '100%' : 920}
      title={
        target ? (
          <Group gap="sm">
            <CoinAvatar coin={target.asset} size={28} />
            <Text fw={650}>{t('se.subscribe.title', { coin: target.asset })}</Text>
          </Group>
        ) : null
      }
      testId="subscribe-modal"
      variant={mobile ? 'mobile' : 'desktop'}
    >
      {!detail ? (
        <Center py={60}>
          {products.isError ? <Text c="dimmed">{t('finances.noData')}</Text> : <Loader />}
        </Center>
      ) : (
        <SubscribeBody
          key={detail.asset}
          detail={detail}
          initialId={target?.productId}
          onClose={onClose}
          vip={vip}
          mobile={!!mobile}
        />
      )}
    </DialogFrame>
  );
}
