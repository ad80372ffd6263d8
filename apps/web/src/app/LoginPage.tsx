import '../features/security/i18n/register';
import { SecurityMessageKey } from '@earn/domain';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiCode, isApiError } from '../api/client';
import { handleApiError } from '../api/errors';
import { useApiAction } from '../api/useApiAction';
import { DisabledReason } from '../components/DisabledReason';
import { formatDate, i18next, translateKey } from '../i18n';
import { safeRedirect, useAuthDialogs, useMe, useSignedIn } from './auth';

/** `/login?redirect=/where/the/user/was`: the login flow a 401 opens. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useMe();
  const signedIn = useSignedIn();
  const { openRegister } = useAuthDialogs();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // Two-factor sign-in: the server answered 40110 to the password; the code is asked next.
  const [codeStep, setCodeStep] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  // Wrong credentials show in the form; every other failure goes through the catalogue's toasts.
  const action = useApiAction({ name: 'auth.login', path: '/api/web/v1/auth/login', silent: true });
  const redirect = safeRedirect(params.get('redirect'));

  if (isLoggedIn && !action.isPending && !action.isSuccess) return <Navigate to={redirect} replace />;

  const submit = async () => {
    setFormError(null);
    const second = !codeStep ? {} : useRecovery ? { recovery_code: code.trim() } : { code };
    try {
      const me = await action.run({ email: email.trim(), password, ...second });
      await signedIn(me);
      navigate(redirect, { replace: true });
    } catch (e) {
      if (isApiError(e) && e.code === ApiCode.TOTP_REQUIRED) {
        setCodeStep(true);
        setCode('');
      } else if (isApiError(e) && codeStep && (e.status === 401 || e.status === 429)) {
        setCode('');
        setFormError(translateKey(e.key, withWait(withUntil(e.params)), e.message));
      } else if (isApiError(e) && e.key === SecurityMessageKey.signInThrottled) {
        // The account's wait after a run of wrong passwords: said in the form, with when it ends.
        setFormError(translateKey(e.key, withWait(withUntil(e.params)), e.message));
      } else if (isApiError(e) && (e.code === ApiCode.INVALID_CREDENTIALS || e.status === 400)) {
        setFormError(translateKey(e.key, e.params, e.message));
      } else {
        handleApiError(e, { action: 'auth.login' });
      }
    }
  };

  return (
    <Center py={{ base: 'md', sm: 64 }}>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} w="100%" maw={420} className="surface" shadow="xs">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          aria-labelledby="login-title"
        >
          <Stack gap="md">
            <div>
              <Title order={1} size="h2" id="login-title">
                {t('auth.loginTitle')}
              </Title>
              <Text c="dimmed" size="sm" mt={6}>
                {t('auth.loginSubtitle')}
              </Text>
            </div>
            {codeStep ? (
              <CodeStep
                recovery={useRecovery}
                code={code}
                onCode={setCode}
                onToggle={() => {
                  setUseRecovery(!useRecovery);
                  setCode('');
                  setFormError(null);
                }}
              />
            ) : (
              <>
                <TextInput
                  label={t('auth.email')}
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  required
                  autoFocus
                />
                <PasswordInput
                  label={t('auth.password')}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                />
              </>
            )}
            {formError && (
              <Text c="red" size="sm" role="alert">
                {formError}
              </Text>
            )}
            <DisabledReason
              reason={
                !email || !password
                  ? t('login.reason.fill')
                  : codeStep && !codeReady(code, useRecovery)
                    ? t(useRecovery ? 'login.reason.recovery' : 'security.reason.codeSix')
                    : null
              }
              testId="login-reason"
              block
            >
              <Button
                type="submit"
                size="md"
                fullWidth
                loading={action.isPending}
                disabled={!email || !password || (codeStep && !codeReady(code, useRecovery))}
              >
                {codeStep ? t('login.verify') : t('auth.login')}
              </Button>
            </DisabledReason>
            {codeStep && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="center"
                onClick={() => {
                  setCodeStep(false);
                  setFormError(null);
                }}
              >
                {t('login.back')}
              </Anchor>
            )}
            <Text size="sm" ta="center" c="dimmed">
              {t('auth.noAccount')}{' '}
              <Anchor component="button" type="button" onClick={openRegister} fw={600}>
                {t('auth.register')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

const codeReady = (code: string, recovery: boolean) =>
  recovery ? code.trim().length >= 10 : /^\d{6}$/.test(code);

/** The lock's end (unix seconds) as a time the message can show. */
function withUntil(params: Record<string, unknown>): Record<string, unknown> {
  const until = Number(params.until);
  return Number.isFinite(until) && until > 0 ? { ...params, time: formatDate(until, true) } : params;
}

/** How long the account's sign-in is paused (`params.seconds`), in seconds or whole minutes up. */
function withWait(params: Record<string, unknown>): Record<string, unknown> {
  const seconds = Number(params.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) return params;
  const wait =
    seconds < 60
      ? i18next.t('login.wait.seconds', { n: seconds })
      : i18next.t('login.wait.minutes', { n: Math.ceil(seconds / 60) });
  return { ...params, wait };
}

/** The second step of a two-factor sign-in: the app's six digits, or a recovery code. */
function CodeStep({
  recovery,
  code,
  onCode,
  onToggle,
}: {
  recovery: boolean;
  code: string;
  onCode: (v: string) => void;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('login.totpTitle')}</Text>
      <Text size="sm" c="dimmed">
        {t('login.totpHint')}
      </Text>
      <TextInput
        label={recovery ? t('login.recoveryCode') : t('login.totpCode')}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 16 : 6}
        value={code}
        onChange={(e) => onCode(recovery ? e.currentTarget.value : e.currentTarget.value.replace(/\D/g, ''))}
        autoFocus
        data-testid="login-code"
      />
      <Anchor component="button" type="button" size="sm" ta="left" onClick={onToggle}>
        {recovery ? t('login.useCode') : t('login.useRecovery')}
      </Anchor>
    </Stack>
  );
}
