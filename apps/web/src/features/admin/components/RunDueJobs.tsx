import { Alert, Card, Group, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSend, errorText } from '../api/http';
import { adminKeys } from '../api/queries';
import { WriteButton } from './WriteButton';

/**
 * Runs every job period that has ended by the clock's now (POST /jobs/run-due): what the scheduler
 * does on its own timer, at once — after a price change, say, without waiting for the next pass.
 */
export function RunDueJobs() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const [ran, setRan] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setFailure(null);
    setRan(null);
    setRunning(true);
    try {
      const result = await adminSend('post', '/admin/api/jobs/run-due');
      setRan(result.ran);
      client.invalidateQueries({ queryKey: adminKeys.dashboard });
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Card className="surface" data-testid="jobs-run-due">
      <Title order={2} size="h5" mb={4}>
        {t('admin.jobs.runDue')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('admin.jobs.runDueIntro')}
      </Text>
      <Group gap="sm">
        <WriteButton
          area="admin"
          variant="default"
          loading={running}
          onClick={() => void run()}
          testId="jobs-run-due-go"
        >
          {t('admin.jobs.runDueGo')}
        </WriteButton>
        {ran !== null && (
          <Text size="sm" role="status" data-testid="jobs-run-due-result">
            {t('admin.jobs.periodsRan', { count: ran })}
          </Text>
        )}
      </Group>
      {failure && (
        <Alert color="red" variant="light" mt="md" data-testid="jobs-run-due-failure">
          {failure}
        </Alert>
      )}
    </Card>
  );
}
