import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFramed } from '../../../../../app/embed';
import { AmountInput } from '../../../../../components/AmountInput';
import { amt, usdtHint } from '../../../format';
import { INPUT_DECIMALS } from '../constants';
import type { SubscribeFlow } from '../useSubscribeFlow';

/** The amount, its value in USDT, what is available and (outside an embedding page) the transfer shortcut. */
export function SubscribeAmount({ flow }: { flow: SubscribeFlow }) {
  const { t } = useTranslation();
  const {
    product,
    isLoggedIn,
    amount,
    setAmount,
    setServerError,
    setDepositOpen,
    specialBlocked,
    pending,
    submit,
    soldOut,
    availableAmount,
    errorText,
    max,
  } = flow;
  return (
    <>
      <AmountInput
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setServerError(null);
        }}
        precision={INPUT_DECIMALS}
        max={max}
        coin={product.asset}
        disabled={soldOut || specialBlocked}
        data-autofocus
        onEnter={() => {
          if (!pending) void submit();
        }}
        label={t('se.amount')}
        placeholder={t('se.minAmount', { amount: amt(product.min_lend_amount), coin: product.asset })}
        error={errorText}
        maxActionName="simpleEarn.subscribe.max"
        data-testid="subscribe-amount"
      />
      {/* The typed amount's value, next to the amount: under the estimates it read as the interest's. */}
      {amount && !errorText && usdtHint(product.asset, amount, product.product_asset_price) && (
        <Text size="xs" c="dimmed" ta="right" mt={-12} className="num" data-testid="subscribe-usdt-hint">
          {amt(amount)} {product.asset} {usdtHint(product.asset, amount, product.product_asset_price)}
        </Text>
      )}
      {isLoggedIn && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('se.available')}{' '}
            <Text
              span
              size="xs"
              className="num"
              c="var(--mantine-color-text)"
              data-testid="available-balance"
            >
              {amt(availableAmount)} {product.asset}
            </Text>
          </Text>
          {!isFramed() && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() => setDepositOpen(true)}
              data-testid="transfer-shortcut"
            >
              {t('se.transfer')}
            </Anchor>
          )}
        </Group>
      )}
    </>
  );
}
