import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { ProofField } from './fundpass/ProofField';
import { ResetMailRow } from './fundpass/ResetMailRow';
import { type FundpassDialogKind, useFundpassFlow } from './fundpass/useFundpassFlow';
import '../i18n/register';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DisabledReason } from '../../../components/DisabledReason';

export type { FundpassDialogKind } from './fundpass/useFundpassFlow';

/**
 * Sets the first funding password (proved by the login password), changes it (by the current one)
 * or resets it with a code mailed to the account's email. One dialog for the three, because they
 * share the new password and its repetition.
 */
export default function SetFundpassDialog({
  opened,
  kind,
  email,
  introKey,
  onClose,
  onDone,
}: {
  opened: boolean;
  kind: FundpassDialogKind;
  email: string;
  /** The message key of a line above the fields: why the dialog opened (the first money move). */
  introKey?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const f = useFundpassFlow({ opened, kind, email, onDone });
  const { error, sentTo, ready, submit, sendCode } = f;
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size="sm"
      title={t(`security.dialog.${kind}Title`)}
      fullScreenOnMobile={false}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !f.saving) void submit();
        }}
      >
        <Stack>
          {introKey && (
            <Alert color="blue" variant="light" data-testid="fundpass-setup-intro">
              {t(introKey)}
            </Alert>
          )}
          {kind === 'reset' && (
            <ResetMailRow email={email} sentTo={sentTo} sending={f.mailing} onSend={() => void sendCode()} />
          )}
          <ProofField kind={kind} value={f.proof} onChange={f.proofChange} error={f.proofError} />
          <PasswordInput
            label={t('security.dialog.newFundpass')}
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            value={f.next}
            onChange={(e) => f.setNext(e.currentTarget.value)}
            error={f.nextInvalid ? t('security.dialog.sixDigits') : undefined}
          />
          <PasswordInput
            label={t('security.dialog.confirmFundpass')}
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            value={f.repeat}
            onChange={(e) => f.setRepeat(e.currentTarget.value)}
            error={f.mismatch ? t('security.dialog.mismatch') : undefined}
          />
          {error?.field === 'form' && (
            <Text c="red" size="sm" role="alert" data-testid="fundpass-dialog-error">
              {error.text}
            </Text>
          )}
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <DisabledReason
              reason={
                ready
                  ? null
                  : kind === 'reset' && !sentTo
                    ? t('security.reason.codeFirst')
                    : t('security.reason.fillAll')
              }
              testId="fundpass-save-reason"
            >
              <Button type="submit" disabled={!ready} loading={f.saving}>
                {t('security.dialog.save')}
              </Button>
            </DisabledReason>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
