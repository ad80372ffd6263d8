import { Box, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPercent } from '../../../components/format';
import { formatDate } from '../../../i18n';
import type { DualProduct } from '../api/index';
import type { Grid } from '../rules';

/**
 * Targets down, settlement times across, the APR of each product in its cell: a cell is the button
 * that opens the subscription at that target and time. A cell without a product is a dash.
 */
export function QuoteGrid({
  grid,
  priceCoin,
  onPick,
}: {
  grid: Grid;
  priceCoin: string;
  onPick: (p: DualProduct) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box style={{ overflowX: 'auto' }} data-testid="dual-grid">
      <Table
        striped={false}
        highlightOnHover
        withTableBorder
        withColumnBorders
        miw={Math.max(320, 140 + grid.times.length * 120)}
      >
        {/* Named for a screen reader; on a phone a visible caption would scroll away with the grid. */}
        <Table.Caption>
          <VisuallyHidden>{t('dual.grid.caption')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dual.grid.target', { coin: priceCoin })}</Table.Th>
            {grid.times.map((time) => (
              <Table.Th key={time} scope="col" ta="center" data-testid={`dual-time-${time}`}>
                {formatDate(time, true)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.targets.map((target) => (
            <Table.Tr key={target} data-testid={`dual-row-${target}`}>
              <Table.Th scope="row">
                <Text fw={600} size="sm">
                  {formatAmount(target)} {priceCoin}
                </Text>
              </Table.Th>
              {grid.times.map((time) => {
                const p = grid.cell(target, time);
                return (
                  <Table.Td key={time} ta="center" p={0}>
                    {p ? (
                      <UnstyledButton
                        w="100%"
                        py={10}
                        px={8}
                        onClick={() => onPick(p)}
                        data-testid={`dual-cell-${p.id}`}
                        data-apr={p.apr}
                        aria-label={t('dual.grid.pick', {
                          apr: formatPercent(p.apr),
                          target: `${formatAmount(target)} ${priceCoin}`,
                          time: formatDate(time, true),
                        })}
                        className="dual-cell"
                      >
                        <Text className="apr" fw={700} size="sm" span>
                          {formatPercent(p.apr)}
                        </Text>
                      </UnstyledButton>
                    ) : (
                      <Text c="dimmed" size="sm" title={t('dual.grid.none')}>
                        —
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
