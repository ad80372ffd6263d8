import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DisabledReason } from '../../../../../components/DisabledReason';
import { MoneySubmitNotice } from '../../../../../components/money-submit/MoneySubmitNotice';
import { OfflineNotice } from '../../../../../components/OfflineNotice';
import { TermTabs } from '../../../components/TermTabs';
import { LINKS } from '../../../links';
import { AprBreakdown, Estimates } from '../../SubscribeInfo';

import type { SubscribeFlow } from '../useSubscribeFlow';

/** The subscribe form: the terms, the amount and its options, the APR and estimates, Subscribe. */
export function SubscribeForm({ flow, mobile }: { flow: SubscribeFlow; mobile: boolean }) {
  const { t } = useTranslation();
  const {
    entries,
    product,
    isLoggedIn,
    setProductId,
    selectedTermRef,
    amount,
    voucher,
    pending,
    submit,
    soldOut,
    canSubmit,
    submitBlock,
    held,
  } = flow;
  return (
    <Stack gap="md">
      <TermTabs
        entries={entries}
        selectedId={product.id}
        onSelect={setProductId}
        selectedRef={selectedTermRef}
        mobile={mobile}
      />
      <ProductNotices flow={flow} />
      <SubscribeAmount flow={flow} />
      <FixedOptions flow={flow} />
      <FlexOptions flow={flow} />
      <Divider />
      <AprBreakdown product={product} amount={amount} voucher={voucher} held={held} />
      <Estimates product={product} amount={amount} voucher={voucher} held={held} />
      <OfflineNotice />
      {/* Beside the subscribe button, where the user looks after pressing it. */}
      <MoneySubmitNotice submit={flow.submitter} onRetry={() => void submit()} />
      <DisabledReason reason={isLoggedIn && !canSubmit ? submitBlock : null} testId="subscribe-reason" block>
        <Button
          size="md"
          fullWidth
          onClick={() => void submit()}
          disabled={isLoggedIn && !canSubmit}
          loading={pending}
          data-testid="subscribe-submit"
        >
          {!isLoggedIn ? t('auth.login') : soldOut ? t('se.soldOut') : t('se.subscribe')}
        </Button>
      </DisabledReason>
      <Text size="xs" c="dimmed" ta="center">
        {t('se.agree.prefix')}{' '}
        <Anchor href={LINKS.terms} size="xs">
          {t('se.links.terms')}
        </Anchor>{' '}
        ·{' '}
        <Anchor href={LINKS.risk} size="xs">
          {t('se.links.risk')}
        </Anchor>
      </Text>
    </Stack>
  );
}

import { FixedOptions } from './FixedOptions';
import { FlexOptions } from './FlexOptions';
import { ProductNotices } from './ProductNotices';
import { SubscribeAmount } from './SubscribeAmount';
