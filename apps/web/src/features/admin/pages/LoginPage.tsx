import '../i18n/register';
import '../admin.css';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageMenu, ThemeMenu } from '../../../app/HeaderMenus';
import { i18next } from '../../../i18n';
import { adminSend, errorText, isApiError } from '../api/http';
import { adminKeys } from '../api/queries';
import { formatUtc } from '../components/format';

/** Where to go after signing in: a console path only, never elsewhere. */
export function safeRedirect(target: string | null): string {
  return target && /^\/admin(\/|$|\?)/.test(target) && !target.startsWith('/admin/login') ? target : '/admin';
}

interface Failure {
  text: string;
  locked: boolean;
}

function failureOf(e: unknown): Failure {
  const t = i18next.t;
  if (isApiError(e) && e.key === 'operator.login.locked') {
    const until = Number(e.params.until);
    return { text: t('admin.login.locked', { until: formatUtc(until) }), locked: true };
  }
  if (isApiError(e) && e.key === 'operator.login.invalid')
    return { text: t('admin.login.invalid'), locked: false };
  return { text: errorText(e), locked: false };
}

/** The console's sign-in: email, password and the 6-digit code of the operator's authenticator app. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('admin.login.codeFormat'));
      return;
    }
    setCodeError(null);
    setBusy(true);
    setFailure(null);
    try {
      const me = await adminSend('post', '/admin/api/auth/login', {
        body: { email: email.trim(), password, code },
      });
      client.setQueryData(adminKeys.me, me);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setFailure(failureOf(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box mih="100vh" style={{ background: 'var(--earn-page)' }} className="admin-login">
      <Group justify="flex-end" p="md" gap="xs">
        <LanguageMenu />
        <ThemeMenu />
      </Group>
      <Center px="md" pt={40}>
        <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" className="surface">
          <form onSubmit={(e) => void submit(e)} noValidate data-testid="admin-login">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h3">
                  {t('admin.login.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('admin.login.intro')}
                </Text>
              </Stack>
              <TextInput
                label={t('admin.login.email')}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                data-testid="login-email"
              />
              <PasswordInput
                label={t('admin.login.password')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                data-testid="login-password"
              />
              <TextInput
                label={t('admin.login.code')}
                description={t('admin.login.codeHint')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                error={codeError}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                data-testid="login-code"
              />
              {failure && (
                <Alert
                  color={failure.locked ? 'orange' : 'red'}
                  variant="light"
                  role="alert"
                  data-testid={failure.locked ? 'login-locked' : 'login-error'}
                >
                  {failure.text}
                </Alert>
              )}
              <Button type="submit" loading={busy} disabled={!email || !password} data-testid="login-submit">
                {t('admin.login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
