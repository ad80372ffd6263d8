import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import '../i18n/register';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { SECURITY_PATHS } from '../api/index';
import { type FieldError, fieldError } from '../components/inline-error';

export type FundpassDialogKind = 'set' | 'change' | 'reset';

const SIX_DIGITS = /^\d{6}$/;

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
  const { t, i18n } = useTranslation();
  const [proof, setProof] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const client = useQueryClient();
  const save = useApiAction({
    name: `security.fundpass.${kind}`,
    path: kind === 'reset' ? SECURITY_PATHS.fundpassResetConfirm : SECURITY_PATHS.fundpass,
    silent: true,
  });
  const mail = useApiAction({
    name: 'security.fundpass.resetMail',
    path: SECURITY_PATHS.fundpassReset,
    silent: true,
  });

  useEffect(() => {
    if (!opened) return;
    setProof('');
    setNext('');
    setRepeat('');
    setError(null);
    setSentTo(null);
  }, [opened]);

  const nextInvalid = next.length > 0 && !SIX_DIGITS.test(next);
  const mismatch = repeat.length > 0 && repeat !== next;
  const proofReady = kind === 'set' ? proof.length > 0 : SIX_DIGITS.test(proof);
  // A refusal of the proof goes under the proof field, and goes once the user types a new one.
  const proofError = error?.field === 'proof' ? error.text : undefined;
  const proofChange = (value: string) => {
    setProof(value);
    if (error?.field === 'proof') setError(null);
  };
  const ready = proofReady && SIX_DIGITS.test(next) && repeat === next && (kind !== 'reset' || sentTo);

  const submit = async () => {
    setError(null);
    const body =
      kind === 'set'
        ? { fundpass: next, login_password: proof }
        : kind === 'change'
          ? { fundpass: next, old_fundpass: proof }
          : { fundpass: next, code: proof };
    try {
      await save.run(body);
      await client.invalidateQueries({ queryKey: queryKeys.me });
      onDone();
    } catch (e) {
      setError(fieldError(e));
    }
  };

  const sendCode = async () => {
    setError(null);
    try {
      // The mail is written in the app's language, not the browser's Accept-Language.
      await mail.run({ email, lang: i18n.language === 'zh-CN' ? 'zh-CN' : 'en' });
      setSentTo(email);
    } catch (e) {
      setError(fieldError(e));
    }
  };

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
          if (ready && !save.isPending) void submit();
        }}
      >
        <Stack>
          {introKey && (
            <Alert color="blue" variant="light" data-testid="fundpass-setup-intro">
              {t(introKey)}
            </Alert>
          )}
          {kind === 'reset' && (
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                {/* The button goes under an address too long to share the line; a longer one still wraps. */}
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {email}
                </Text>
                <Button
                  variant="light"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  onClick={() => void sendCode()}
                  loading={mail.isPending}
                >
                  {t('security.dialog.sendCode')}
                </Button>
              </Group>
              {sentTo && (
                <Text size="xs" c="dimmed" role="status">
                  {t('security.dialog.codeSent', { email: sentTo })}
                </Text>
              )}
            </Stack>
          )}
          {kind === 'set' ? (
            <PasswordInput
              label={t('security.dialog.loginPassword')}
              autoComplete="current-password"
              value={proof}
              onChange={(e) => proofChange(e.currentTarget.value)}
              error={proofError}
              aria-invalid={proofError ? true : undefined}
              data-testid="fundpass-proof"
              data-autofocus
            />
          ) : kind === 'change' ? (
            <PasswordInput
              label={t('security.dialog.oldFundpass')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={proof}
              onChange={(e) => proofChange(e.currentTarget.value)}
              error={proofError}
              aria-invalid={proofError ? true : undefined}
              data-testid="fundpass-proof"
              data-autofocus
            />
          ) : (
            <TextInput
              label={t('security.dialog.mailCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={proof}
              onChange={(e) => proofChange(e.currentTarget.value)}
              error={proofError}
              aria-invalid={proofError ? true : undefined}
              data-testid="fundpass-proof"
            />
          )}
          <PasswordInput
            label={t('security.dialog.newFundpass')}
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={nextInvalid ? t('security.dialog.sixDigits') : undefined}
          />
          <PasswordInput
            label={t('security.dialog.confirmFundpass')}
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={6}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={mismatch ? t('security.dialog.mismatch') : undefined}
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
              <Button type="submit" disabled={!ready} loading={save.isPending}>
                {t('security.dialog.save')}
              </Button>
            </DisabledReason>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
