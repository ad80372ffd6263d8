import {
  Badge,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trackClick } from '../api/analytics';
import { type BestOffer, queries } from '../api/queries';
import { formatAmount, formatPercent } from '../components/format';
import { ChevronRightIcon, CoinsIcon } from '../components/icons';
import { QueryState } from '../components/query-state/QueryState';
import { useMe } from './auth';
import { PRODUCT_LINES } from './lines';

// Only a signed-in user sees it, so its code (copy button, clipboard) loads then.
const ReferralWidget = lazy(() =>
  import('../components/ReferralWidget').then((m) => ({ default: m.ReferralWidget })),
);

/** The same two places, rounded half up, as every other rate in the app: 0.365 reads 0.37%. */
const formatApr = (apr: string) => formatPercent(apr, 2);

// Signed in only, after the first paint: its code and texts stay out of the first route.
const HeaderEarn = lazy(() => import('../features/earn-overview/components/HeaderEarn'));

function LineCard({
  line,
  offer,
  loading,
}: {
  line: (typeof PRODUCT_LINES)[number];
  offer?: BestOffer;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const name = t(line.navKey);
  const hasOffer = !!offer?.apr;
  // The page's tab or filter that lists the advertised product (wealth's type, dual's pair and
  // direction): the page as it opens may show another one.
  const to = offer?.query ? `${line.path}?${new URLSearchParams(offer.query)}` : line.path;
  return (
    <Card
      component={Link}
      to={to}
      className="surface product-card"
      onClick={() => trackClick('home.line', { line: line.key })}
      data-line={line.key}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={650} size="lg">
              {name}
            </Text>
            <Text c="dimmed" style={{ display: 'flex' }}>
              <ChevronRightIcon />
            </Text>
          </Group>
          <Text size="sm" c="dimmed" lh={1.45}>
            {t(`home.desc.${line.key}`)}
          </Text>
        </Stack>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            {t('home.bestApr')}
          </Text>
          {loading ? (
            <Skeleton h={30} w={110} mt={4} />
          ) : hasOffer && offer?.apr ? (
            <Group gap={8} align="baseline">
              <Text className="apr" fw={700} fz={26} lh={1.2}>
                {formatApr(offer.apr)}
              </Text>
              {offer.asset && (
                <Badge variant="light" color="gray" radius="sm">
                  {offer.asset}
                </Badge>
              )}
              {offer.up_to_amount && offer.asset && (
                // The rate needs a limited amount (a bonus tier): say which, as the line's cards do.
                <Text size="xs" c="dimmed" data-testid={`best-amount-${line.key}`}>
                  {t('home.onFirst', { amount: formatAmount(offer.up_to_amount), coin: offer.asset })}
                </Text>
              )}
            </Group>
          ) : (
            <Text fw={600} fz={18} lh={1.6} c="dimmed">
              {t('home.noOffer')}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/** The product lines' cards: skeleton rates while the best offers load, then each line's best. */
function LineGrid({
  byLine,
  loading = false,
  signedIn,
}: {
  byLine?: Map<string, BestOffer>;
  loading?: boolean;
  signedIn: boolean;
}) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      data-testid={loading ? undefined : 'product-lines'}
      aria-busy={loading}
    >
      {PRODUCT_LINES.map((line) => (
        <LineCard key={line.key} line={line} offer={byLine?.get(line.key)} loading={loading} />
      ))}
      {signedIn && !loading && (
        <Suspense fallback={null}>
          <ReferralWidget />
        </Suspense>
      )}
    </SimpleGrid>
  );
}

/** `/`: every product line with its best current APR from the server. */
export default function HomePage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useMe();
  const home = useQuery(queries.earnHome());
  const byLine = new Map((home.data?.lines ?? []).map((l) => [l.line, l]));

  return (
    <Stack gap="xl">
      <Paper
        p={{ base: 'lg', sm: 40 }}
        radius="lg"
        style={{
          background:
            'linear-gradient(120deg, var(--mantine-color-brand-9) 0%, var(--mantine-color-brand-7) 55%, var(--mantine-color-indigo-6) 100%)',
          color: 'white',
        }}
      >
        <Group justify="space-between" align="center" wrap="wrap" gap="lg">
          <Stack gap={8} maw={620}>
            <Title order={1} fz={{ base: 28, sm: 38 }} style={{ letterSpacing: '-0.02em' }}>
              {t('home.title')}
            </Title>
            <Text fz={{ base: 'sm', sm: 'lg' }} style={{ opacity: 0.88 }}>
              {t('home.subtitle')}
            </Text>
          </Stack>
          {isLoggedIn ? (
            <Suspense fallback={null}>
              <HeaderEarn />
            </Suspense>
          ) : (
            <ThemeIcon
              size={72}
              radius="xl"
              variant="white"
              color="brand"
              visibleFrom="sm"
              aria-hidden="true"
            >
              <CoinsIcon size={38} />
            </ThemeIcon>
          )}
        </Group>
      </Paper>

      <Stack gap="md">
        <Title order={2} size="h3">
          {t('home.products')}
        </Title>
        <QueryState
          queries={home}
          loading={<LineGrid loading signedIn={isLoggedIn} />}
          data-testid="product-lines"
        >
          <LineGrid byLine={byLine} signedIn={isLoggedIn} />
        </QueryState>
      </Stack>
    </Stack>
  );
}
