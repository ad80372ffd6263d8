import { Stack, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/errors';
import { dateFormatFor, LANGUAGES } from '../i18n';
import {
  clampRange,
  type DayRange,
  type DayString,
  RANGE_LIMIT_MESSAGE_KEY,
  type RangeLimitMonths,
  today,
} from './dateRange';

export interface DateRangeFilterProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** 6 or 12 months of 30 days. */
  limitMonths: RangeLimitMonths;
  /** The last selectable day, today by default. */
  maxDate?: DayString;
  label?: string;
  'data-testid'?: string;
}

/**
 * The shared date-range filter of history tables. A range longer than the limit is clamped (its
 * end kept) and the limit's message shown as a warning.
 */
export function DateRangeFilter({
  value,
  onChange,
  limitMonths,
  maxDate,
  label,
  ...rest
}: DateRangeFilterProps) {
  const { t, i18n } = useTranslation();
  const [warning, setWarning] = useState<string | null>(null);
  const max = maxDate ?? today();
  const format = dateFormatFor(i18n.language);
  const lang = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];

  return (
    <DatesProvider settings={{ locale: lang.dayjs, firstDayOfWeek: lang.code === 'en' ? 0 : 1 }}>
      {/* In a wrapping row on a phone the field takes the whole line (it collapsed to an empty box). */}
      <Stack gap={4} w={{ base: '100%', sm: 'auto' }}>
        <DatePickerInput
          type="range"
          label={label ?? t('dateRange.label')}
          value={value}
          maxDate={max}
          valueFormat={format}
          placeholder={t('dateRange.all')}
          allowSingleDateInRange
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          w={{ base: '100%', sm: 300 }}
          ariaLabels={{
            previousMonth: t('dateRange.prevMonth'),
            nextMonth: t('dateRange.nextMonth'),
            previousYear: t('dateRange.prevYear'),
            nextYear: t('dateRange.nextYear'),
            previousDecade: t('dateRange.prevDecade'),
            nextDecade: t('dateRange.nextDecade'),
          }}
          onChange={(next) => {
            const picked: DayRange = [
              next[0] ? dayjs(next[0]).format('YYYY-MM-DD') : null,
              next[1] ? dayjs(next[1]).format('YYYY-MM-DD') : null,
            ];
            if (!picked[0] || !picked[1]) {
              onChange(picked);
              return;
            }
            const { range, clamped } = clampRange(picked, limitMonths, max);
            if (clamped) {
              const text = t(RANGE_LIMIT_MESSAGE_KEY[limitMonths]);
              setWarning(text);
              toast('warning', text);
            } else {
              setWarning(null);
            }
            onChange(range);
          }}
          {...rest}
        />
        {warning && (
          <Text size="xs" c="orange" role="status" data-testid="date-range-warning">
            {warning} {t('dateRange.clamped')}
          </Text>
        )}
      </Stack>
    </DatesProvider>
  );
}
