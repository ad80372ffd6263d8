import '../i18n/register';
import { Accordion, Anchor, Card, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state/QueryState';
import { seQueries } from '../api/queries';
import { SeNav } from '../components/SeNav';
import { LINKS } from '../links';

/** `/simple-earn/faq`: the questions the server keeps for mold=simple-earn. */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const faq = useQuery(seQueries.faq(i18n.language));
  return (
    <>
      <SeNav title={t('se.nav.faq')} />
      <Card className="surface" data-testid="faq">
        <QueryState
          queries={faq}
          empty={(faq.data ?? []).length === 0}
          loading={[0, 1, 2].map((i) => <Skeleton key={i} h={48} radius="md" />)}
          data-testid="faq-list"
        >
          <Accordion variant="separated" defaultValue={String(faq.data?.[0]?.id)}>
            {(faq.data ?? []).map((q) => (
              <Accordion.Item key={q.id} value={String(q.id)}>
                <Accordion.Control>{q.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{q.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </QueryState>
        <Group gap="md" mt="md">
          <Anchor href={LINKS.help} size="sm">
            {t('se.links.help')}
          </Anchor>
          <Anchor href={LINKS.guide} size="sm">
            {t('se.links.guide')}
          </Anchor>
          <Anchor href={LINKS.terms} size="sm">
            {t('se.links.terms')}
          </Anchor>
          <Anchor href={LINKS.risk} size="sm">
            {t('se.links.risk')}
          </Anchor>
        </Group>
      </Card>
    </>
  );
}
