import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LINKS } from '../links';

/** The simple-earn pages' header: title, the line's pages, and the section 2 links. */
export function SeNav({ title, subtitle, right }: { title: string; subtitle?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" mb="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {right}
      </Group>
      <Group gap={4} component="nav" aria-label={t('se.nav')} wrap="wrap">
        <NavLink to="/simple-earn" end className="nav-link">
          {t('se.nav.products')}
        </NavLink>
        <NavLink to="/simple-earn/my-lendings" className="nav-link">
          {t('se.nav.holdings')}
        </NavLink>
        <NavLink to="/simple-earn/history" className="nav-link">
          {t('se.nav.history')}
        </NavLink>
        <NavLink to="/simple-earn/faq" className="nav-link">
          {t('se.nav.faq')}
        </NavLink>
        <Group gap="md" ml="auto" visibleFrom="sm">
          <Anchor href={LINKS.proofOfReserves} size="sm">
            {t('se.links.por')}
          </Anchor>
          <Anchor href={LINKS.help} size="sm">
            {t('se.links.help')}
          </Anchor>
        </Group>
      </Group>
    </Stack>
  );
}
