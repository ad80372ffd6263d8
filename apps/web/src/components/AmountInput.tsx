import { Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../api/analytics';
import {
  amountOf,
  DEFAULT_AMOUNT_PRECISION,
  normalizeAmount,
  sanitizeAmountText,
  trimAmountOnBlur,
  truncateAmount,
} from './amount';

/** The specs' Max-button debounce. */
export const MAX_BUTTON_DEBOUNCE_MS = 200;

export interface AmountInputProps {
  /** The valid amount the form holds (a positive decimal string) or null. */
  value: string | null;
  /** Called with a valid amount or null, never with half-typed text. */
  onChange: (amount: string | null) => void;
  /** Decimal places allowed (the pool's or product's precision). */
  precision?: number;
  /** What the Max button fills in (e.g. min(available, remaining quota)); no button when absent. */
  max?: string | null;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** The coin shown inside the field. */
  coin?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Analytics name of the Max button. */
  maxActionName?: string;
  'data-testid'?: string;
}

/**
 * The shared amount field: decimal only, up to `precision` digits, no negatives, a leading '.' becomes
 * '0.', a trailing dot is trimmed on blur, capped at 999999999999. It keeps the typed text itself
 * and hands upward only a valid amount or nothing.
 */
export function AmountInput({
  value,
  onChange,
  precision = DEFAULT_AMOUNT_PRECISION,
  max,
  label,
  description,
  error,
  coin,
  disabled,
  placeholder,
  maxActionName = 'amount.max',
  ...rest
}: AmountInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');

  // The form may set or clear the amount itself (reset, Max applied automatically): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change from above rewrites what the user typed
  useEffect(() => {
    const mine = amountOf(text);
    const theirs = value === null ? null : normalizeAmount(value);
    if (mine !== theirs) setText(value ?? '');
  }, [value]);

  const update = (next: string) => {
    setText(next);
    const amount = amountOf(next);
    if (amount !== value) onChange(amount);
  };

  const applyMax = useDebouncedCallback(
    () => {
      if (!max) return;
      trackClick(maxActionName);
      update(sanitizeAmountText(truncateAmount(max, precision), precision));
    },
    { delay: MAX_BUTTON_DEBOUNCE_MS, leading: true },
  );

  return (
    <TextInput
      label={label ?? t('amount.label')}
      description={description}
      error={error}
      value={text}
      disabled={disabled}
      placeholder={placeholder ?? t('amount.placeholder')}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      classNames={{ input: 'num' }}
      onChange={(e) => update(sanitizeAmountText(e.currentTarget.value, precision))}
      onBlur={() => {
        const trimmed = trimAmountOnBlur(text);
        if (trimmed !== text) update(trimmed);
      }}
      rightSectionWidth={max !== undefined ? (coin ? 112 : 64) : coin ? 64 : undefined}
      rightSection={
        coin || max !== undefined ? (
          <Group gap={6} wrap="nowrap" pr={4}>
            {coin && (
              <Text size="sm" c="dimmed" fw={500}>
                {coin}
              </Text>
            )}
            {max !== undefined && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={applyMax}
                disabled={disabled || !max}
                aria-label={t('common.max')}
              >
                {t('common.max')}
              </Button>
            )}
          </Group>
        ) : undefined
      }
      {...rest}
    />
  );
}
