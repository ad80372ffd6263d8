import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiAction } from '../api/useApiAction';
import { DialogFrame } from '../components/dialog-frame/DialogFrame';
import { safeRedirect, useAuthDialogs, useSignedIn } from './auth';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

export default function RegisterModal() {
  const { t } = useTranslation();
  const { registerOpened, closeRegister } = useAuthDialogs();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const action = useApiAction({ name: 'auth.register', path: '/api/web/v1/auth/register' });

  const emailError = touched && !EMAIL_RE.test(email.trim()) ? t('auth.emailInvalid') : null;
  const passwordError = touched && password.length < MIN_PASSWORD ? t('auth.passwordShort') : null;

  const submit = async () => {
    setTouched(true);
    if (!EMAIL_RE.test(email.trim()) || password.length < MIN_PASSWORD) return;
    const me = await action.run({ email: email.trim(), password }).catch(() => null);
    if (!me) return;
    await signedIn(me);
    closeRegister();
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  return (
    <DialogFrame opened={registerOpened} onClose={closeRegister} title={t('auth.registerTitle')} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            required
            data-autofocus
          />
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
            required
          />
          <Button type="submit" loading={action.isPending} fullWidth>
            {t('auth.register')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('footer.risk')}
          </Text>
        </Stack>
      </form>
    </DialogFrame>
  );
}
