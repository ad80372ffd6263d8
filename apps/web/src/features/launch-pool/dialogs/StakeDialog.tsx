import { Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../../../app/breakpoints';
import { useReturnFocus } from '../../../components/useReturnFocus';
import { lpQueries, type Project } from '../api/index';
import { StakeForm, type StakeResult } from '../components/StakeForm';

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
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [nested, setNested] = useState(false);
  const fresh = useQuery({ ...lpQueries.project(project.pid), placeholderData: project, enabled: opened });
  const current = fresh.data ?? project;
  const pool = current.reward_pools.find((p) => p.rid === rid) ?? current.reward_pools[0];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={!nested}
      fullScreen={mobile}
      centered
      size={480}
      radius={mobile ? 0 : 'lg'}
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
      data-testid="stake-dialog"
    >
      <StakeForm
        project={current}
        rid={rid}
        onSuccess={onSuccess}
        onCancel={onClose}
        onNestedDialog={setNested}
      />
    </Modal>
  );
}
