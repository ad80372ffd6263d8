import { PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FundpassDialogKind } from './useFundpassFlow';

/** What proves the user: the login password (set), the current funding password (change) or the mailed code (reset). */
export function ProofField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: FundpassDialogKind;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return kind === 'set' ? (
    <PasswordInput
      label={t('security.dialog.loginPassword')}
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
      data-testid="fundpass-proof"
      data-autofocus
    />
  ) : kind === 'change' ? (
    <PasswordInput
      label={t('security.dialog.oldFundpass')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
      data-testid="fundpass-proof"
      data-autofocus
    />
  ) : (
    <TextInput
      label={t('security.dialog.mailCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
      data-testid="fundpass-proof"
    />
  );
}
