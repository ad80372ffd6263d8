import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { useApiAction } from '../../../api/useApiAction';
import { QueryState } from '../../../components/query-state/QueryState';
import { formatDate } from '../../../i18n';
import { deviceLabel, SECURITY_PATHS, securityKeys, securityQueries, type UserSession } from '../api/index';

function SessionRow({
  session,
  onRevoke,
  busy,
}: {
  session: UserSession;
  onRevoke: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={`session-${session.id}`}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" truncate title={session.device ?? undefined}>
            {deviceLabel(session.device) ?? t('security.sessions.unknownDevice')}
          </Text>
          {session.current && (
            <Badge size="sm" variant="light" color="teal">
              {t('security.sessions.this')}
            </Badge>
          )}
        </Group>
        {/* Each fact stays on one line; on a narrow screen the line breaks between facts. */}
        <Text size="xs" c="dimmed" data-testid="security-session-facts">
          {(
            [
              ['security.sessions.address', session.address ?? '—'],
              ['security.sessions.lastUsed', formatDate(session.last_used_at, true)],
              ['security.sessions.signedIn', formatDate(session.created_at, true)],
            ] as const
          ).map(([label, value], i) => (
            <span key={label}>
              {i > 0 && ' · '}
              <span style={{ whiteSpace: 'nowrap' }}>
                {t('security.sessions.fact', { label: t(label), value })}
              </span>
            </span>
          ))}
        </Text>
      </Stack>
      {!session.current && (
        <Button size="xs" variant="light" color="red" onClick={onRevoke} loading={busy}>
          {t('security.sessions.revoke')}
        </Button>
      )}
    </Group>
  );
}

/** Where the account is signed in; any other session can be signed out from here. */
export function SessionsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery(securityQueries.sessions());
  const revoke = useApiAction({
    name: 'security.session.revoke',
    path: `${SECURITY_PATHS.sessions}/{id}`,
    method: 'delete',
  });
  const revokeOne = async (id: string) => {
    try {
      await revoke.run(undefined, { params: { id } });
      toast('success', t('security.sessions.revoked'));
    } catch {
      // Shown by the action's error handling.
    }
    await client.invalidateQueries({ queryKey: securityKeys.sessions });
  };
  return (
    <Card withBorder padding="lg" className="surface" data-testid="security-sessions">
      <Title order={2} size="h4" mb="sm">
        {t('security.sessions.title')}
      </Title>
      <QueryState queries={sessions} compact loading={<Skeleton h={60} />} data-testid="sessions">
        <Stack gap={0}>
          {(sessions.data?.list ?? []).map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              busy={revoke.isPending && revoke.variables?.idempotencyKey === s.id}
              onRevoke={() => void revokeOne(s.id)}
            />
          ))}
        </Stack>
      </QueryState>
    </Card>
  );
}
