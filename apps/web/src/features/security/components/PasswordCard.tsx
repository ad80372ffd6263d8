import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { handleApiError, toast } from '../../../api/errors';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { translateKey } from '../../../i18n';
import { SECURITY_PATHS, securityKeys } from '../api/index';

const MIN_LENGTH = 8;

/** The login password: the current one proves it; every other session ends. */
export function PasswordCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useApiAction({
    name: 'security.password',
    path: SECURITY_PATHS.password,
    silent: true,
  });
  const short = next.length > 0 && next.length < MIN_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== next;
  const ready = current.length > 0 && next.length >= MIN_LENGTH && repeat === next;

  const submit = async () => {
    setError(null);
    try {
      const done = await change.run({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      toast('success', t('security.password.done', { count: done.revoked_sessions }));
      await client.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (e) {
      if (isApiError(e) && e.kind === 'api' && e.status < 500)
        setError(translateKey(e.key, e.params, e.message));
      else handleApiError(e);
    }
  };

  return (
    <Card withBorder padding="lg" className="surface" data-testid="security-password">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('security.password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.password.note')}
          </Text>
          <PasswordInput
            label={t('security.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('security.password.new')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={short ? t('security.password.short') : undefined}
          />
          <PasswordInput
            label={t('security.password.repeat')}
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={mismatch ? t('security.dialog.mismatch') : undefined}
          />
          {error && (
            <Text c="red" size="sm" role="alert" data-testid="password-error">
              {error}
            </Text>
          )}
          <DisabledReason reason={ready ? null : t('security.reason.fillAll')} testId="password-reason">
            <Button
              type="submit"
              disabled={!ready}
              loading={change.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('security.password.submit')}
            </Button>
          </DisabledReason>
        </Stack>
      </form>
    </Card>
  );
}
