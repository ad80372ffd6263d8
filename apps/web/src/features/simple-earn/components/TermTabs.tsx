import { SimpleEarnProductType } from '@earn/domain';
import { Badge, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { onRadioGroupKeyDown, radioTabIndex } from '../../../components/radioGroup';
import type { FixedProduct } from '../api/types';
import { pct } from '../format';
import { isSoldOut, upTo } from '../rules';
import { SpecialBadge } from './SpecialBadge';

export function termLabel(p: FixedProduct, t: TFunction): string {
  return p.id === 0 ? t('se.flexible') : t('se.days', { count: p.lock_up_period });
}

/** A term's chip rate: the most it pays, "up to" when that needs a limited amount. */
export function chipApr(p: FixedProduct, t: TFunction): string {
  const up = upTo(p);
  return up.amount ? t('se.apr.upTo', { apr: pct(up.apr) }) : pct(up.apr);
}

/** The subscribe dialog's term tabs: flexible and each fixed term, with its rate, VIP range and marks. */
export function TermTabs({
  entries,
  selectedId,
  onSelect,
  selectedRef,
  mobile,
}: {
  entries: FixedProduct[];
  selectedId: number;
  onSelect: (id: number) => void;
  selectedRef: Ref<HTMLButtonElement>;
  mobile: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Group
        gap="xs"
        wrap={mobile ? 'nowrap' : 'wrap'}
        role="radiogroup"
        aria-label={t('se.term')}
        onKeyDown={onRadioGroupKeyDown}
        pb={4}
      >
        {entries.map((p, i) => {
          const selected = p.id === selectedId;
          return (
            <UnstyledButton
              key={p.id}
              role="radio"
              aria-checked={selected}
              tabIndex={radioTabIndex(
                selected,
                i,
                entries.some((e) => e.id === selectedId),
              )}
              onClick={() => onSelect(p.id)}
              data-testid={`term-${p.id}`}
              ref={selected ? selectedRef : undefined}
              px="sm"
              py={8}
              style={{
                border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                borderRadius: 'var(--mantine-radius-md)',
                background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                minWidth: 92,
              }}
            >
              <Stack gap={2} align="center">
                <Text size="sm" fw={600}>
                  {termLabel(p, t)}
                </Text>
                <Text size="xs" className="apr" fw={600}>
                  {chipApr(p, t)}
                </Text>
                {p.type === SimpleEarnProductType.vip && (
                  <Badge size="xs" color="yellow" variant="light">
                    {t('se.vipRange', { min: p.min_vip, max: p.max_vip })}
                  </Badge>
                )}
                <SpecialBadge product={p} />
                {isSoldOut(p) && (
                  <Badge size="xs" color="gray" variant="light">
                    {t('se.soldOut')}
                  </Badge>
                )}
              </Stack>
            </UnstyledButton>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
