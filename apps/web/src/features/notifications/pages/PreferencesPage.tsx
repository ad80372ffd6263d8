import { Anchor, Button, Card, Checkbox, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../api/errors';
import { QueryState } from '../../../components/query-state/QueryState';
import { LANGUAGES } from '../../../i18n';
import '../i18n/register';
import { KINDS, languageOf, type NotificationKind, notifyKeys, notifyQueries, savePrefs } from '../api/index';

/** Which kinds are also mailed, and the language of mail. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const prefs = useQuery(notifyQueries.prefs());
  const [language, setLanguage] = useState<string>('en');
  const [mail, setMail] = useState<NotificationKind[]>([]);
  useEffect(() => {
    if (!prefs.data) return;
    setLanguage(prefs.data.language);
    setMail(prefs.data.kinds.filter((k) => k.mail).map((k) => k.kind));
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: () => savePrefs({ language: languageOf(language), mail_kinds: mail }),
    onSuccess: (data) => {
      client.setQueryData(notifyKeys.prefs, data);
      toast('success', t('notify.prefs.saved'));
    },
  });

  return (
    <Stack gap="md" maw={640} mx="auto">
      <Anchor component={Link} to="/notifications" size="sm">
        {t('notify.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('notify.prefs.title')}
      </Title>
      {/* The form shows only what the server holds: defaults saved over unknown choices would lose them. */}
      <QueryState queries={prefs} loading={<Skeleton h={320} radius="md" />} data-testid="notify-prefs">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Select
              label={t('notify.prefs.language')}
              value={language}
              onChange={(v) => v && setLanguage(v)}
              data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              allowDeselect={false}
              maw={260}
            />
            <Text size="sm" c="dimmed">
              {t('notify.prefs.inApp')}
            </Text>
            <Checkbox.Group
              label={t('notify.prefs.mail')}
              value={mail}
              onChange={(v) => setMail(v as NotificationKind[])}
            >
              <Stack gap="xs" mt="xs">
                {KINDS.map((k) => (
                  <Checkbox key={k} value={k} label={t(`notify.kind.${k}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button onClick={() => save.mutate()} loading={save.isPending}>
                {t('notify.prefs.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </QueryState>
    </Stack>
  );
}
