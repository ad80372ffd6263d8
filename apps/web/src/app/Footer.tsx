import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's documents, reachable from every page. */
const FOOTER_LINKS = [
  ['footer.help', '/help/lend/simple-earn'],
  ['footer.terms', '/help/lend/simple-earn/terms-of-use'],
  ['footer.riskDisclosure', '/help/lend/simple-earn/risk-disclosure'],
  ['footer.reserves', '/proof-of-reserves'],
] as const;

/** Below every page; it loads after the page's own code, so it stays out of the first route's bundle. */
export default function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="xl">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('footer.rights')}
          </Text>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              {t('footer.risk')}
            </Text>
            {/* The links wrap as one row: on a phone none is left beside the risk line. */}
            <Group gap="md" data-testid="footer-links">
              {FOOTER_LINKS.map(([key, to]) => (
                <Anchor key={to} component={Link} to={to} size="xs">
                  {t(key)}
                </Anchor>
              ))}
            </Group>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
