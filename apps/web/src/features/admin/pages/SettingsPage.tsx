import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminSend } from '../api/http';
import { adminKeys, adminQueries } from '../api/queries';
import { PageHeader } from '../components/PageHeader';
import { QueryState } from '../components/QueryState';
import { WriteButton } from '../components/WriteButton';
import { displayValue } from '../forms/display';
import { type FieldSpec, formBody } from '../forms/fields';
import { RecordForm } from '../forms/RecordForm';
import { rateSettingsSpecs, securitySettingsSpecs } from '../forms/specs';
import { useRecordDialog } from '../forms/useRecordDialog';

type Settings = Record<string, unknown>;

/** One group of settings: its values, and an edit (admin only, audited) through the record form. */
function SettingsCard({
  title,
  intro,
  query,
  specs,
  edit,
  save,
  testId,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<Settings>;
  specs: FieldSpec[];
  edit: string;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const d = useRecordDialog<Settings>();
  return (
    <Card className="surface" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {title}
          </Title>
          <WriteButton
            area="admin"
            variant="default"
            onClick={() => query.data && d.edit(query.data)}
            testId={`${testId}-edit`}
          >
            {t('admin.settings.edit')}
          </WriteButton>
        </Group>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        <QueryState loading={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
          <Stack gap={4} component="dl" m={0}>
            {specs.map((spec) => (
              <Group key={spec.key} gap="xs">
                <Text component="dt" size="sm" fw={500}>
                  {t(spec.label)}:
                </Text>
                <Text component="dd" size="sm" m={0} className="num" data-field={spec.key}>
                  {displayValue(spec, query.data?.[spec.key])}
                </Text>
              </Group>
            ))}
          </Stack>
        </QueryState>
      </Stack>
      <RecordForm
        opened={d.dialog !== null}
        onClose={d.close}
        title={edit}
        specs={specs}
        mode="edit"
        row={d.dialog?.row ?? null}
        area="admin"
        invalidate={[adminKeys.settings]}
        submit={save}
        testId={`${testId}-form`}
      />
    </Card>
  );
}

/** Run-time settings: the guard on operators' rate changes, and users' security. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const rates = useQuery(adminQueries.rateSettings());
  const security = useQuery(adminQueries.securitySettings());
  return (
    <>
      <PageHeader title={t('admin.settings.title')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SettingsCard
          title={t('admin.settings.rates')}
          intro={t('admin.settings.ratesIntro')}
          query={rates}
          specs={rateSettingsSpecs}
          edit={t('admin.settings.editRates')}
          save={(body) => adminSend('put', '/admin/api/settings/rates', { body: formBody(body) })}
          testId="settings-rates"
        />
        <SettingsCard
          title={t('admin.settings.security')}
          intro={t('admin.settings.securityIntro')}
          query={security}
          specs={securitySettingsSpecs}
          edit={t('admin.settings.editSecurity')}
          save={(body) => adminSend('put', '/admin/api/settings/security', { body: formBody(body) })}
          testId="settings-security"
        />
      </SimpleGrid>
    </>
  );
}
