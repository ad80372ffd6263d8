import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FundpassPromptState } from '../api/fundpass';
import { DisabledReason } from '../components/DisabledReason';
import { DialogFrame } from '../components/dialog-frame/DialogFrame';

export const LOCK_END_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** The lock's end in the reader's language, with the zone, so "until 14:05 UTC" is unambiguous. */
function lockEnd(until: string | undefined, lang: string): string | null {
  if (!until) return null;
  const at = new Date(until);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(lang, LOCK_END_FORMAT).format(at);
}

export default function FundpassDialog({
  opened,
  state = { kind: 'ask' },
  checking = false,
  onSubmit,
  onCancel,
  onForgot,
}: {
  opened: boolean;
  state?: FundpassPromptState;
  checking?: boolean;
  onSubmit: (fundpass: string) => void;
  onCancel: () => void;
  /** "Forgot?": the action ends and the reset opens. */
  onForgot?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState('');
  // A fresh ask and every answer (a new `state` object) clear the field: the wrong password is not
  // kept to be re-sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is the trigger, not a value read
  useEffect(() => {
    if (opened) setValue('');
  }, [opened, state]);
  const locked = state.kind === 'locked' || (state.kind === 'wrong' && state.left <= 0);
  const end = state.kind === 'ask' ? null : lockEnd(state.until, i18n.language);
  const error =
    state.kind === 'wrong' && state.left > 0
      ? t('fundpass.wrongTriesLeft', { count: state.left })
      : locked
        ? end
          ? t('fundpass.lockedUntil', { time: end })
          : t('fundpass.verifyFrequency')
        : null;
  return (
    <DialogFrame
      opened={opened}
      onClose={onCancel}
      title={t('fundpass.title')}
      size="sm"
      fullScreenOnMobile={false}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value && !locked && !checking) onSubmit(value);
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('fundpass.description')}
          </Text>
          {locked && error && (
            <Alert color="red" variant="light" role="alert" data-testid="fundpass-locked">
              {error}
            </Alert>
          )}
          <PasswordInput
            label={t('fundpass.label')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            autoComplete="off"
            inputMode="numeric"
            maxLength={64}
            disabled={locked}
            error={!locked && error ? error : undefined}
            data-autofocus
          />
          {onForgot && (
            <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="left">
              {t('fundpass.forgot')}
            </Anchor>
          )}
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onCancel}>
              {locked ? t('common.close') : t('common.cancel')}
            </Button>
            {!locked && (
              <DisabledReason reason={value ? null : t('fundpass.enterFirst')} testId="fundpass-reason">
                <Button type="submit" disabled={!value} loading={checking}>
                  {t('common.confirm')}
                </Button>
              </DisabledReason>
            )}
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
