import { Anchor, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatePanel } from '../../../components/query-state/QueryState';
import { useOnline } from '../../../components/query-state/state';
import type { DocCatalogue, DocSlug } from '../content/types';

/** Each language's documents load only when a document is opened, in that language. */
const LOADERS: Record<string, () => Promise<{ default: DocCatalogue }>> = {
  en: () => import('../content/en'),
  'zh-CN': () => import('../content/zh-CN'),
};

/**
 * The language's catalogue, or whether loading it failed (offline, a deploy that removed the chunk):
 * then the page says so with Retry instead of a skeleton that never ends.
 */
function useCatalogue(language: string): {
  catalogue: DocCatalogue | null;
  failed: boolean;
  retry: () => void;
} {
  const [loaded, setLoaded] = useState<{ language: string; catalogue: DocCatalogue } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a Retry (attempt) loads again
  useEffect(() => {
    let live = true;
    setFailed(false);
    const load = LOADERS[language] ?? LOADERS.en;
    load?.().then(
      (m) => live && setLoaded({ language, catalogue: m.default }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);
  return {
    catalogue: loaded?.language === language ? loaded.catalogue : null,
    failed,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** One of the product's documents (agreement, terms, risk, help, guide, reserves, VIP) in the user's language. */
export default function DocPage({ slug }: { slug: DocSlug }) {
  const { i18n } = useTranslation();
  const online = useOnline();
  const { catalogue, failed, retry } = useCatalogue(i18n.language);
  const doc = catalogue?.docs[slug];
  return (
    <Card className="surface" maw={820} mx="auto" padding="xl" data-testid={`doc-${slug}`}>
      {failed ? (
        <StatePanel phase={online ? 'error' : 'offline'} onRetry={retry} testId="doc" />
      ) : !catalogue || !doc ? (
        <Stack aria-busy="true">
          <Skeleton h={32} w="50%" />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Title order={1} size="h2">
            {doc.title}
          </Title>
          <Text c="dimmed">{doc.summary}</Text>
          {doc.sections.map((s) => (
            <Stack key={s.heading} gap={6}>
              <Title order={2} size="h4">
                {s.heading}
              </Title>
              <Paragraphs body={s.body} />
            </Stack>
          ))}
          {slug === 'reserves' && (
            <Anchor component={Link} to="/earn/proof-of-liabilities">
              {catalogue.checkProof}
            </Anchor>
          )}
          <Anchor component={Link} to="/" size="sm">
            ← {catalogue.back}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}

/** Paragraphs, with runs of '• ' items as one list. */
function Paragraphs({ body }: { body: string[] }) {
  const items = body.filter((p) => p.startsWith('• '));
  const text = body.filter((p) => !p.startsWith('• '));
  return (
    <>
      {text.map((p) => (
        <Text key={p} size="sm" lh={1.65}>
          {p}
        </Text>
      ))}
      {items.length > 0 && (
        <List size="sm" spacing={4}>
          {items.map((p) => (
            <List.Item key={p}>{p.slice(2)}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
