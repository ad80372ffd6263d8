import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackClick } from '../api/analytics';
import { queries } from '../api/queries';
import { useMe } from '../app/auth';
import { MOBILE_QUERY } from '../app/breakpoints';
import { openPage } from '../app/embed';
import { DialogFrame } from './dialog-frame/DialogFrame';
import { CardIcon, ChartIcon, ChevronRightIcon, DepositIcon, TransferIcon } from './icons';

/** The specs' transfer-option debounce. */
export const TRANSFER_DEBOUNCE_MS = 500;

/** Compliance menu entries that hide an option. */
export const COMPLIANCE_MENU = { express: 'express', spotTrade: 'spot_trade' } as const;

export interface DepositOptionsDialogProps {
  coin: string;
  opened: boolean;
  onClose: () => void;
  /** The transfer action (desktop only); the option is left out without it. */
  onTransfer?: () => void;
  /** Inside the native app the transfer option is not offered. */
  inApp?: boolean;
}

export function depositTargets(coin: string) {
  return {
    onchain: `/myaccount/deposit/${encodeURIComponent(coin)}`,
    express: '/crypto/buy?crypto=USDT',
    spot: `/trade/${encodeURIComponent(coin)}_USDT`,
  };
}

function Option({
  icon,
  title,
  description,
  onClick,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      p="md"
      className="product-card"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
      data-testid={testId}
    >
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Text c="dimmed" style={{ display: 'flex' }} aria-hidden="true">
          <ChevronRightIcon size={16} />
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * How to add a coin: on-chain deposit, express buy, transfer (desktop only) and spot trade. Express
 * buy and spot trade follow the user's compliance menu ('express', 'spot_trade').
 */
export function DepositOptionsDialog({
  coin,
  opened,
  onClose,
  onTransfer,
  inApp = false,
}: DepositOptionsDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { isLoggedIn } = useMe();
  const compliance = useQuery({ ...queries.compliance(), enabled: opened && isLoggedIn });
  const menu = compliance.data?.menu ?? [];
  const targets = depositTargets(coin);

  const go = (name: string, url: string) => {
    trackClick(`deposit.${name}`, { coin });
    onClose();
    openPage(url, (u) => navigate(u));
  };
  // The transfer dialog opens once this one has gone, so focus moves to it and not back to the
  // button that opened this one.
  const afterClose = useRef<(() => void) | null>(null);
  const [handingOff, setHandingOff] = useState(false);
  const transfer = useDebouncedCallback(
    () => {
      trackClick('deposit.transfer', { coin });
      afterClose.current = onTransfer ?? null;
      setHandingOff(true);
      onClose();
    },
    { delay: TRANSFER_DEBOUNCE_MS, leading: true },
  );

  const showTransfer = !!onTransfer && !mobile && !inApp;
  // Until the compliance answer is in, hide what it may forbid rather than flash it.
  const known = !isLoggedIn || compliance.isSuccess;
  const showExpress = known && !menu.includes(COMPLIANCE_MENU.express);
  const showSpot = known && !menu.includes(COMPLIANCE_MENU.spotTrade);

  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={
        <Stack gap={2}>
          <Text fw={650} size="lg">
            {t('deposit.title', { coin })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('deposit.subtitle', { coin })}
          </Text>
        </Stack>
      }
      size={460}
      padding="lg"
      returnFocus={!handingOff}
      onExitTransitionEnd={() => {
        const next = afterClose.current;
        afterClose.current = null;
        setHandingOff(false);
        next?.();
      }}
      testId="deposit-options"
    >
      <Stack gap="sm" pt={4}>
        <Option
          icon={<DepositIcon />}
          title={t('deposit.onchain')}
          description={t('deposit.onchainDesc', { coin })}
          onClick={() => go('onchain', targets.onchain)}
          testId="deposit-onchain"
        />
        {showExpress && (
          <Option
            icon={<CardIcon />}
            title={t('deposit.express')}
            description={t('deposit.expressDesc')}
            onClick={() => go('express', targets.express)}
            testId="deposit-express"
          />
        )}
        {showTransfer && (
          <Option
            icon={<TransferIcon />}
            title={t('deposit.transfer')}
            description={t('deposit.transferDesc')}
            onClick={transfer}
            testId="deposit-transfer"
          />
        )}
        {showSpot && (
          <Option
            icon={<ChartIcon />}
            title={t('deposit.spot')}
            description={t('deposit.spotDesc', { coin })}
            onClick={() => go('spot', targets.spot)}
            testId="deposit-spot"
          />
        )}
      </Stack>
    </DialogFrame>
  );
}
