import { Menu, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Me } from '../api/queries';
import '../features/notifications/i18n/register';
import { LANGUAGES, type LanguageCode, setLanguage } from '../i18n';
import { AccountButton, LanguageButton, ThemeButton, useThemeOptions } from './HeaderButtons';

/**
 * The header's dropdowns. They load just after the first paint (see `Layout`), so the menus'
 * positioning code stays out of the first route's bundle; until then the same buttons show.
 */

export function LanguageMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      withInitialFocusPlaceholder={false}
      width={160}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <LanguageButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('lang.label')}</Menu.Label>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l.code}
            onClick={() => void setLanguage(l.code as LanguageCode)}
            aria-current={l.code === i18n.language ? 'true' : undefined}
            fw={l.code === i18n.language ? 600 : undefined}
            lang={l.code}
          >
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ThemeMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const options = useThemeOptions();
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      withInitialFocusPlaceholder={false}
      width={170}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <ThemeButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {options.map((o) => (
          <Menu.Item
            key={o.value}
            leftSection={o.icon}
            onClick={() => setColorScheme(o.value)}
            aria-current={o.value === colorScheme ? 'true' : undefined}
            fw={o.value === colorScheme ? 600 : undefined}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function AccountMenu({
  me,
  onLogout,
  defaultOpened,
}: {
  me: Me;
  onLogout: () => void;
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      withInitialFocusPlaceholder={false}
      width={240}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <AccountButton me={me} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.email}</Menu.Label>
        <Menu.Item component={Link} to="/assets">
          {t('nav.assets')}
        </Menu.Item>
        <Menu.Item component={Link} to="/earn">
          {t('nav.earnOverview')}
        </Menu.Item>
        <Menu.Item component={Link} to="/earn/statements">
          {t('nav.earnStatements')}
        </Menu.Item>
        <Menu.Item component={Link} to="/dual/orders">
          {t('nav.dualOrders')}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/security">
          {t('nav.security')}
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications">
          {t('notify.title')}
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications/preferences">
          {t('notify.preferences')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item className="menu-danger" onClick={onLogout}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
