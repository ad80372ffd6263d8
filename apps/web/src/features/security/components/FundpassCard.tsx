import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/errors';
import { type Me, queryKeys } from '../../../api/queries';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { FUNDPASS_MODES, type FundpassMode, SECURITY_PATHS } from '../api/index';
import type { FundpassDialogKind } from '../dialogs/SetFundpassDialog';

/** The funding password: whether it is set, when it is asked, and set / change / reset. */
export function FundpassCard({ me, onOpen }: { me: Me; onOpen: (kind: FundpassDialogKind) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // The server asks for the funding password itself (10010111): `send` opens the prompt.
  const mode = useApiAction({
    name: 'security.fundpass.mode',
    path: SECURITY_PATHS.fundpassMode,
  });
  const choose = async (next: FundpassMode) => {
    try {
      await mode.run({ mode: next });
      await client.invalidateQueries({ queryKey: queryKeys.me });
      toast('success', t('security.fundpass.modeSaved', { mode: t(`security.fundpass.mode.${next}`) }));
    } catch {
      // Shown by the action's error handling (or the prompt was cancelled).
    }
  };
  return (
    <Card withBorder padding="lg" className="surface" data-testid="security-fundpass">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {t('security.fundpass.title')}
          </Title>
          <Badge color={me.fundpass_set ? 'teal' : 'gray'} variant="light" data-testid="fundpass-status">
            {me.fundpass_set ? t('security.fundpass.set') : t('security.fundpass.notSet')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('security.fundpass.about')}
        </Text>
        <DisabledReason
          reason={
            !me.fundpass_set
              ? t('security.fundpass.modeNeedsSet')
              : mode.isPending
                ? t('security.fundpass.modeSaving')
                : null
          }
          testId="fundpass-mode-reason"
          block
        >
          <Select
            label={t('security.fundpass.mode')}
            data={FUNDPASS_MODES.map((m) => ({ value: m, label: t(`security.fundpass.mode.${m}`) }))}
            value={me.fundpass_mode}
            onChange={(v) => v && v !== me.fundpass_mode && void choose(v as FundpassMode)}
            disabled={!me.fundpass_set || mode.isPending}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </DisabledReason>
        <Group gap="xs">
          {me.fundpass_set ? (
            <>
              <Button variant="light" onClick={() => onOpen('change')}>
                {t('security.fundpass.change')}
              </Button>
              <Button variant="subtle" onClick={() => onOpen('reset')}>
                {t('security.fundpass.reset')}
              </Button>
            </>
          ) : (
            <Button onClick={() => onOpen('set')}>{t('security.fundpass.setAction')}</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
