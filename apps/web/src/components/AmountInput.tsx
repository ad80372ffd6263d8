import './amount-input/i18n';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../api/analytics';
import { MOBILE_QUERY } from '../app/breakpoints';
import {
  type AmountProblem,
  DEFAULT_AMOUNT_PRECISION,
  filterAmountText,
  formatAmountText,
  normalizeAmount,
  parseAmount,
  separatorsFor,
  truncateAmount,
} from './amount';
import { DisabledReason } from './DisabledReason';

/** The specs' Max-button debounce. */
export const MAX_BUTTON_DEBOUNCE_MS = 200;

export interface AmountInputProps {
  /** The valid amount the form holds (a positive decimal string) or null. */
  value: string | null;
  /** Called with a valid amount or null, never with half-typed or refused text. */
  onChange: (amount: string | null) => void;
  /** Decimal places allowed (the pool's or product's precision); digits past them are not taken. */
  precision?: number;
  /** What the Max button fills in (e.g. min(available, remaining quota)); no button when absent. */
  max?: string | null;
  /** Why Max has nothing to fill in (null or zero `max`); default: the available amount is 0. */
  maxReason?: string;
  label?: ReactNode;
  description?: ReactNode;
  /** The form's own rule failure (minimum, balance…), shown when the text itself is an amount. */
  error?: ReactNode;
  /** The coin shown inside the field. */
  coin?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Analytics name of the Max button. */
  maxActionName?: string;
  /** Enter in the field: the form's submit (the same rules as its button apply there). */
  onEnter?: () => void;
  /** The dialog's first focus (Mantine's focus trap looks for it), rather than its close button. */
  'data-autofocus'?: boolean;
  /** Focus on mount: for a field that appears after its dialog opened (a view loaded later). */
  autoFocus?: boolean;
  'data-testid'?: string;
}

/** The message under the field for a refused text. */
export function refusalText(problem: AmountProblem, t: TFunction): string {
  switch (problem.reason) {
    case 'decimals':
      return t('amount.refused.decimals', { places: problem.places });
    case 'cap':
      return t('amount.refused.cap', { cap: formatAmountText(problem.cap) });
    case 'format':
      return t('amount.refused.format', { decimal: problem.decimal });
    default:
      return t(`amount.refused.${problem.reason}`);
  }
}

/**
 * The one amount field of the app, for every line. It reads the user's language's notation ('1,000.5'
 * in English), filters what the specs filter as it is typed or pasted (a sign, digits past the pool's
 * or product's decimals; a leading '.' becomes '0.': `filterAmountText`), and hands upward only a
 * valid amount or null. Other text that is not an amount (an exponent, letters, above the cap) stays
 * as typed with the reason under it. It starts empty: only the Max button fills in a balance.
 */
export function AmountInput({
  value,
  onChange,
  precision = DEFAULT_AMOUNT_PRECISION,
  max,
  maxReason,
  label,
  description,
  error,
  coin,
  disabled,
  placeholder,
  maxActionName = 'amount.max',
  onEnter,
  ...rest
}: AmountInputProps) {
  const { t, i18n } = useTranslation();
  const separators = useMemo(() => separatorsFor(i18n.language), [i18n.language]);
  const [text, setText] = useState(value === null ? '' : formatAmountText(value, separators));
  const parsed = parseAmount(text, { precision, separators });
  const mobile = useMediaQuery(MOBILE_QUERY);
  // "0" or "0.00" is a string, not a falsy one: Max has something to fill in only above zero.
  const maxEmpty = max !== undefined && !(max && /[1-9]/.test(max));
  const whyNoMax = maxEmpty && !disabled ? (maxReason ?? t('amount.maxNone')) : null;

  // The form may set or clear the amount itself (reset, Max): follow it unless the text already says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change from above rewrites what the user typed
  useEffect(() => {
    const mine = parsed.ok ? parsed.amount : null;
    const theirs = value === null ? null : normalizeAmount(value);
    if (mine !== theirs && !(theirs === null && !parsed.ok)) {
      setText(theirs === null ? '' : formatAmountText(theirs, separators));
    }
  }, [value]);

  const update = (typed: string) => {
    const next = filterAmountText(typed, { precision, separators });
    setText(next);
    const p = parseAmount(next, { precision, separators });
    const amount = p.ok ? p.amount : null;
    if (amount !== value) onChange(amount);
  };

  const applyMax = useDebouncedCallback(
    () => {
      if (!max) return;
      trackClick(maxActionName);
      update(formatAmountText(truncateAmount(max, precision), separators));
    },
    { delay: MAX_BUTTON_DEBOUNCE_MS, leading: true },
  );

  return (
    <TextInput
      label={label ?? t('amount.label')}
      description={
        // A phone has no hover: why Max is off is written under the label, as other reasons are.
        mobile && whyNoMax ? (
          <Stack gap={0} component="span">
            {description && <span>{description}</span>}
            <span data-testid="amount-max-reason">{whyNoMax}</span>
          </Stack>
        ) : (
          description
        )
      }
      // A field the user cannot use carries no error: what stops them (sold out, used up) is said
      // where it applies, not in red under an input they cannot change.
      error={disabled ? undefined : parsed.ok ? error : refusalText(parsed, t)}
      value={text}
      disabled={disabled}
      placeholder={placeholder ?? t('amount.placeholder')}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      classNames={{ input: 'num' }}
      onChange={(e) => update(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onEnter();
        }
      }}
      onBlur={() => {
        // A valid amount is shown grouped once the user leaves the field ('1234.' → '1,234').
        if (parsed.ok && parsed.amount !== null) {
          const [, frac = ''] = text.replace(/\s/g, '').split(separators.decimal);
          const int = parsed.amount.split('.')[0] ?? '0';
          const shown = formatAmountText(frac ? `${int}.${frac}` : int, separators);
          if (shown !== text) setText(shown);
        }
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
              <DisabledReason reason={mobile ? null : whyNoMax} testId="amount-max-reason">
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={applyMax}
                  disabled={disabled || maxEmpty}
                  aria-label={t('common.max')}
                >
                  {t('common.max')}
                </Button>
              </DisabledReason>
            )}
          </Group>
        ) : undefined
      }
      {...rest}
    />
  );
}
