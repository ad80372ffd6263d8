import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiCode, isApiError } from '../api/client';
import { handleApiError } from '../api/errors';
import type { Me } from '../api/queries';
import { useApiAction } from '../api/useApiAction';
import { translateKey } from '../i18n';
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
  // Wrong credentials show in the form; every other failure goes through the catalogue's toasts.
  const action = useApiAction<Me>({ name: 'auth.login', path: '/api/web/v1/auth/login', silent: true });
  const redirect = safeRedirect(params.get('redirect'));

  if (isLoggedIn && !action.isPending && !action.isSuccess) return <Navigate to={redirect} replace />;

  const submit = async () => {
    setFormError(null);
    try {
      const me = await action.run({ email: email.trim(), password });
      await signedIn(me);
      navigate(redirect, { replace: true });
    } catch (e) {
      if (isApiError(e) && (e.code === ApiCode.INVALID_CREDENTIALS || e.status === 400)) {
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
            {formError && (
              <Text c="red" size="sm" role="alert">
                {formError}
              </Text>
            )}
            <Button type="submit" size="md" loading={action.isPending} disabled={!email || !password}>
              {t('auth.login')}
            </Button>
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
