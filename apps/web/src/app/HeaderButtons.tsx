import { ActionIcon, Box, Group, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Me } from '../api/queries';
import { ChevronDownIcon, GlobeIcon, MonitorIcon, MoonIcon, SunIcon, UserIcon } from '../components/icons';
import { LANGUAGES } from '../i18n';

/** The header's buttons; `HeaderMenus` wraps them in dropdowns once its code is loaded. */

export function useThemeOptions() {
  const { t } = useTranslation();
  return [
    { value: 'light', label: t('theme.light'), icon: <SunIcon /> },
    { value: 'dark', label: t('theme.dark'), icon: <MoonIcon /> },
    { value: 'auto', label: t('theme.auto'), icon: <MonitorIcon /> },
  ] as const;
}

export function LanguageButton(props: { onClick?: () => void }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`${t('lang.label')}: ${current.label}`}
      title={t('lang.label')}
      data-testid="lang-switch"
      {...props}
    >
      <GlobeIcon />
    </ActionIcon>
  );
}

export function ThemeButton(props: { onClick?: () => void }) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const options = useThemeOptions();
  const current = options.find((o) => o.value === colorScheme) ?? options[2];
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`${t('theme.label')}: ${current.label}`}
      title={t('theme.label')}
      data-testid="theme-switch"
      {...props}
    >
      {current.icon}
    </ActionIcon>
  );
}

export function AccountButton({ me, ...props }: { me: Me; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton aria-label={`${t('auth.account')}: ${me.email}`} data-testid="account-menu" {...props}>
      <Group gap={6} wrap="nowrap">
        <ActionIcon component="span" variant="light" radius="xl" size="lg">
          <UserIcon />
        </ActionIcon>
        <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
          {me.email}
        </Text>
        <Box visibleFrom="sm" c="dimmed" style={{ display: 'flex' }}>
          <ChevronDownIcon size={14} />
        </Box>
      </Group>
    </UnstyledButton>
  );
}
