import { Box, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DepositOptionsDialog } from '../../../../components/DepositOptionsDialog';
import { DialogFrame } from '../../../../components/dialog-frame/DialogFrame';
import type { ProductDetail } from '../../api/types';
import { MinAprForm } from '../../components/MinAprForm';
import { AutoEarnModal } from '../AutoEarnModal';
import { IneligibleModal } from '../IneligibleModal';

import { useSubscribeFlow } from './useSubscribeFlow';
import { RulesPane } from './views/RulesPane';
import { SubscribeForm } from './views/SubscribeForm';
import { SubscribeSuccess } from './views/SubscribeSuccess';

/** The dialog's content: the form beside the rules (below them on mobile), and the dialogs it opens. */
export function SubscribeBody({
  detail,
  initialId,
  onClose,
  vip,
  mobile,
}: {
  detail: ProductDetail;
  initialId?: number;
  onClose: () => void;
  vip: boolean;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const flow = useSubscribeFlow({ detail, initialId, vip });
  if (!flow) return null;
  const {
    product,
    ineligible,
    setIneligible,
    minAprOpen,
    setMinAprOpen,
    depositOpen,
    setDepositOpen,
    autoEarn,
    setAutoEarn,
    flexHolding,
  } = flow;
  return (
    <>
      {mobile ? (
        <Stack gap="lg">
          <SubscribeForm flow={flow} mobile={mobile} />
          <RulesPane flow={flow} />
        </Stack>
      ) : (
        <SimpleGrid cols={2} spacing="xl">
          <SubscribeForm flow={flow} mobile={mobile} />
          <Box
            p="md"
            style={{ background: 'var(--earn-page)', borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="subscribe-info"
          >
            <RulesPane flow={flow} />
          </Box>
        </SimpleGrid>
      )}
      <DepositOptionsDialog coin={detail.asset} opened={depositOpen} onClose={() => setDepositOpen(false)} />
      <IneligibleModal title={product.title} opened={ineligible} onClose={() => setIneligible(false)} />
      <AutoEarnModal target={autoEarn} onClose={() => setAutoEarn(null)} />
      <DialogFrame
        opened={minAprOpen}
        onClose={() => setMinAprOpen(false)}
        title={t('se.minApr.title')}
        size="md"
      >
        <MinAprForm
          asset={detail.asset}
          current={flexHolding?.min_lend_rate_year ?? '0'}
          maxPercent={detail.max_lend_rate_year}
          limitMinPercent={detail.limit_min_lend_rate_year}
          onDone={() => setMinAprOpen(false)}
          onCancel={() => setMinAprOpen(false)}
        />
      </DialogFrame>
      <SubscribeSuccess flow={flow} mobile={mobile} onClose={onClose} />
    </>
  );
}
