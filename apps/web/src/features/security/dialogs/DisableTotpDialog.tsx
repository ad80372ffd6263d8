import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { SECURITY_PATHS, securityKeys } from '../api/index';
import { inlineError } from '../components/inline-error';

/** Turns two-factor sign-in off: the login password and a code from the app (or a recovery code). */
export default function DisableTotpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disable = useApiAction({
    name: 'security.2fa.disable',
    path: SECURITY_PATHS.totpDisable,
    silent: true,
  });
  useEffect(() => {
    if (!opened) return;
    setPassword('');
    setCode('');
    setRecovery(false);
    setError(null);
  }, [opened]);
  const ready = password.length > 0 && (recovery ? code.trim().length >= 10 : /^\d{6}$/.test(code));

  const submit = async () => {
    setError(null);
    try {
      await disable.run(recovery ? { password, recovery_code: code.trim() } : { password, code });
      await client.invalidateQueries({ queryKey: securityKeys.totp });
      toast('success', t('security.tfa.disabled'));
      onClose();
    } catch (e) {
      setError(inlineError(e));
    }
  };

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      size="sm"
      title={t('security.tfa.disableTitle')}
      fullScreenOnMobile={false}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void submit();
        }}
      >
        <Stack>
          <PasswordInput
            label={t('security.dialog.loginPassword')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={recovery ? t('security.tfa.recoveryCode') : t('security.tfa.code')}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 16 : 6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
          >
            {recovery ? t('security.tfa.useCode') : t('security.tfa.useRecovery')}
          </Anchor>
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" align="flex-start">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <DisabledReason reason={ready ? null : t('security.reason.fillAll')}>
              <Button type="submit" color="red" disabled={!ready} loading={disable.isPending}>
                {t('security.tfa.turnOff')}
              </Button>
            </DisabledReason>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
