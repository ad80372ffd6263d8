import './i18n';
import { Button, Center, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isNarrowed, SEARCH_MAX_LENGTH } from './listQuery';
import type { ListQueryState } from './useListQuery';

/**
 * A product list's search (by coin), sort and "my positions only" switch. The switch shows only to a
 * signed-in user who can hold something; every change lands in the URL (useListQuery).
 */
export function ListControls({
  list,
  showMine,
  testId = 'list',
}: {
  list: ListQueryState;
  showMine: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="center" data-testid={`${testId}-controls`}>
      <TextInput
        type="search"
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        value={list.q}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => list.set({ q: e.currentTarget.value })}
        w={{ base: '100%', sm: 220 }}
        data-testid={`${testId}-search`}
      />
      <Select
        aria-label={t('list.sort')}
        value={list.sort}
        onChange={(v) => v && list.set({ sort: v as ListQueryState['sort'] })}
        allowDeselect={false}
        data={list.sorts.map((s) => ({ value: s, label: t(`list.sort.${s}`) }))}
        w={{ base: '100%', sm: 260 }}
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testId}-sort`}
      />
      {showMine && (
        <Switch
          label={t('list.mine')}
          checked={list.mine}
          onChange={(e) => list.set({ mine: e.currentTarget.checked })}
          data-testid={`${testId}-mine`}
        />
      )}
    </Group>
  );
}

/** The empty state of a narrowed list: why nothing shows, and the way back to every product. */
export function NoMatch({ list, testId = 'list' }: { list: ListQueryState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" data-testid={`${testId}-no-match`}>
      <Text c="dimmed" size="sm" ta="center">
        {list.mine && !list.q.trim() ? t('list.noMatchMine') : t('list.noMatch')}
      </Text>
      {isNarrowed(list) && (
        <Button size="xs" variant="light" onClick={list.clear} data-testid={`${testId}-clear`}>
          {t('list.clear')}
        </Button>
      )}
    </Stack>
  );
}

/** A card's empty panel for a list drawn without ResponsiveTable. */
export function NoMatchPanel(props: { list: ListQueryState; testId?: string }) {
  return (
    <Center py={40}>
      <NoMatch {...props} />
    </Center>
  );
}
