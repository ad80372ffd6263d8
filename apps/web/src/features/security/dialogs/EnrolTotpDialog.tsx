import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { SECURITY_PATHS, securityKeys, type TotpSetup } from '../api/index';
import { inlineError } from '../components/inline-error';

type Step =
  | { kind: 'password' }
  | { kind: 'scan'; setup: TotpSetup; qr: string }
  | { kind: 'codes'; codes: string[] };

/** The otpauth:// URL as an SVG QR code in a data: URL (the page's CSP allows data: images). */
async function qrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/** The enrolment's steps and calls: the password starts it, a code from the app confirms it. */
function useEnrolment(opened: boolean) {
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = useApiAction({
    name: 'security.2fa.setup',
    path: SECURITY_PATHS.totpSetup,
    silent: true,
  });
  const enable = useApiAction({
    name: 'security.2fa.enable',
    path: SECURITY_PATHS.totpEnable,
    silent: true,
  });

  useEffect(() => {
    if (!opened) return;
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setError(null);
  }, [opened]);

  const start = async () => {
    setError(null);
    try {
      const answer = await setup.run({ password });
      setStep({ kind: 'scan', setup: answer, qr: await qrDataUrl(answer.otpauth_url) });
    } catch (e) {
      setError(inlineError(e));
    }
  };

  const confirm = async () => {
    setError(null);
    try {
      const answer = await enable.run({ code });
      setStep({ kind: 'codes', codes: answer.recovery_codes });
      await client.invalidateQueries({ queryKey: securityKeys.totp });
    } catch (e) {
      setCode('');
      setError(inlineError(e));
    }
  };

  return { step, password, setPassword, code, setCode, error, setup, enable, start, confirm };
}

/**
 * Turns two-factor sign-in on: the login password, then the QR code and a code from the app, then
 * the recovery codes, shown this once.
 */
export default function EnrolTotpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { step, password, setPassword, code, setCode, error, setup, enable, start, confirm } =
    useEnrolment(opened);

  const errorLine = error && (
    <Text c="red" size="sm" role="alert" data-testid="totp-error">
      {error}
    </Text>
  );

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size="md"
      title={t('security.tfa.enrolTitle')}
      closeOnClickOutside={step.kind !== 'codes'}
      fullScreenOnMobile={false}
    >
      {step.kind === 'password' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (password) void start();
          }}
        >
          <Stack>
            <Text size="sm">{t('security.tfa.step1')}</Text>
            <PasswordInput
              label={t('security.dialog.loginPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
            />
            {errorLine}
            <Group justify="flex-end" align="flex-start">
              <DisabledReason reason={password ? null : t('security.reason.passwordFirst')}>
                <Button type="submit" disabled={!password} loading={setup.isPending}>
                  {t('security.tfa.continue')}
                </Button>
              </DisabledReason>
            </Group>
          </Stack>
        </form>
      )}
      {step.kind === 'scan' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d{6}$/.test(code)) void confirm();
          }}
        >
          <Stack>
            <Text size="sm">{t('security.tfa.step2')}</Text>
            <Image
              src={step.qr}
              alt={t('security.tfa.qrAlt')}
              w={200}
              h={200}
              mx="auto"
              bg="white"
              p={6}
              radius="sm"
              data-testid="totp-qr"
            />
            <Group gap="xs" wrap="nowrap" justify="center">
              <Text size="sm" c="dimmed">
                {t('security.tfa.key')}
              </Text>
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {step.setup.secret}
              </Code>
            </Group>
            <TextInput
              label={t('security.tfa.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
              data-autofocus
            />
            {errorLine}
            <Group justify="flex-end" align="flex-start">
              <DisabledReason reason={/^\d{6}$/.test(code) ? null : t('security.reason.codeSix')}>
                <Button type="submit" disabled={!/^\d{6}$/.test(code)} loading={enable.isPending}>
                  {t('security.tfa.confirm')}
                </Button>
              </DisabledReason>
            </Group>
          </Stack>
        </form>
      )}
      {step.kind === 'codes' && (
        <Stack>
          <Alert color="yellow" variant="light">
            {t('security.tfa.step3')}
          </Alert>
          <Code block data-testid="recovery-codes">
            {step.codes.join('\n')}
          </Code>
          <Group justify="space-between">
            <CopyButton value={step.codes.join('\n')}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? t('Copied') : t('security.tfa.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('security.tfa.done')}</Button>
          </Group>
        </Stack>
      )}
    </DialogFrame>
  );
}
