import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { useReturnFocus } from '../../../components/useReturnFocus';
import { lpQueries, type Project } from '../api/index';
import { StakeForm, type StakeResult } from '../components/stake-form/StakeForm';

/** The stake dialog: the project's freshest numbers around the stake form; full-screen on mobile. */
export function StakeDialog({
  project,
  rid,
  opened,
  onClose,
  onSuccess,
}: {
  project: Project;
  rid?: number;
  opened: boolean;
  onClose: () => void;
  onSuccess: (result: StakeResult) => void;
}) {
  useReturnFocus();
  const { t } = useTranslation();
  const [nested, setNested] = useState(false);
  const fresh = useQuery({ ...lpQueries.project(project.pid), placeholderData: project, enabled: opened });
  const current = fresh.data ?? project;
  const pool = current.reward_pools.find((p) => p.rid === rid) ?? current.reward_pools[0];
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      closeOnEscape={!nested}
      size={480}
      title={
        <Group gap={8}>
          <Text fw={650} size="lg">
            {t('launchpool.stake.title', { coin: pool?.coin ?? '' })}
          </Text>
          <Text size="sm" c="dimmed">
            {current.name}
          </Text>
        </Group>
      }
      testId="stake-dialog"
    >
      <StakeForm
        project={current}
        rid={rid}
        onSuccess={onSuccess}
        onCancel={onClose}
        onNestedDialog={setNested}
      />
    </DialogFrame>
  );
}
