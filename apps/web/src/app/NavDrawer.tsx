import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PRODUCT_LINES } from './lines';

/** The mobile navigation; loaded when the burger is first used. */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('nav.main')} size="xs">
      <Stack component="nav" aria-label={t('nav.main')} gap={4}>
        <NavLink to="/" end className="nav-link" onClick={onClose}>
          {t('nav.home')}
        </NavLink>
        {PRODUCT_LINES.map((l) => (
          <NavLink key={l.key} to={l.path} className="nav-link" onClick={onClose}>
            {t(l.navKey)}
          </NavLink>
        ))}
        <NavLink to="/assets" className="nav-link" onClick={onClose}>
          {t('nav.assets')}
        </NavLink>
        <NavLink to="/earn" end className="nav-link" onClick={onClose}>
          {t('nav.earnOverview')}
        </NavLink>
        <NavLink to="/earn/statements" className="nav-link" onClick={onClose}>
          {t('nav.earnStatements')}
        </NavLink>
        <NavLink to="/dual/orders" className="nav-link" onClick={onClose}>
          {t('nav.dualOrders')}
        </NavLink>
        <NavLink to="/account/security" className="nav-link" onClick={onClose}>
          {t('nav.security')}
        </NavLink>
      </Stack>
    </Drawer>
  );
}
