import { dec, toFixedDown } from '@earn/domain';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../../../components/format';
import { OfflineNotice, useOnline } from '../../../../../components/OfflineNotice';
import type { DefiProtocol, StakingProduct } from '../../../api/index';
import { ButtonPair, InfoRow } from '../../../components/parts';
import { aprForAmount, formatRate } from '../../../rules';

export function ConfirmView({
  product,
  protocol,
  amount,
  loading,
  onConfirm,
  onBack,
  notice,
}: {
  product: StakingProduct;
  protocol?: DefiProtocol;
  amount: string;
  loading: boolean;
  onConfirm: () => void;
  onBack: () => void;
  /** The money submit's retry notice (MoneySubmitNotice), shown right above the button the user pressed. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const receive = toFixedDown(dec(amount).times(product.exchange_rate), 8);
  const receiptSuffix = product.exchange_coin ? ` ${product.exchange_coin}` : '';
  return (
    <Stack gap="md" data-testid="confirm-view">
      <Stack gap={8}>
        <InfoRow
          label={t('staking.field.amount')}
          value={`${formatAmount(amount)} ${product.coin}`}
          testId="confirm-amount"
        />
        {protocol && <InfoRow label={t('staking.field.protocol')} value={protocol.protocol_name} />}
        <InfoRow
          label={t('staking.field.apr')}
          value={formatRate(aprForAmount(amount, product, protocol))}
          testId="confirm-apr"
        />
        {product.exchange_type === 'asset' && (
          <>
            {/* The receipt token the server credits: amount × exchange_rate, 8 decimals down. */}
            <InfoRow
              label={t('staking.confirm.exchangeRate')}
              value={`1 ${product.coin} ≈ ${formatAmount(product.exchange_rate)}${receiptSuffix}`}
            />
            <InfoRow
              label={t('staking.confirm.receive')}
              value={`≈ ${formatAmount(receive)}${receiptSuffix}`}
              testId="confirm-receipt"
            />
          </>
        )}
        {product.type === 2 && product.debt.length > 0 && (
          <InfoRow label={t('staking.confirm.debt')} value={product.debt.map((d) => d.coin).join(', ')} />
        )}
      </Stack>
      <OfflineNotice />
      {notice}
      <ButtonPair
        secondary={{ label: t('common.cancel'), onClick: onBack }}
        primary={{
          label: t('common.confirm'),
          onClick: onConfirm,
          loading,
          testId: 'confirm-stake',
          disabled: !online,
          // The amount field this view replaced had the focus: the decision asked for takes it.
          autoFocus: true,
        }}
      />
    </Stack>
  );
}
