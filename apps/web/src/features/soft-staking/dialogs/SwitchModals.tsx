import { Anchor, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackClick } from '../../../api/analytics';
import { useApiAction } from '../../../api/useApiAction';
import { DisabledReason } from '../../../components/DisabledReason';
import { DialogFrame } from '../../../components/dialog-frame/DialogFrame';
import { MoneySubmitNotice } from '../../../components/money-submit/MoneySubmitNotice';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { agreementPath, SOFT_STAKING_BASE } from '../api/index';

/**
 * The switch call, through the app's one submit: one request per confirm whatever the clicks. The
 * success or the failure callback runs with its result (section 4).
 */
function useSwitch(onSuccess: (on: boolean) => void, onError: (e: unknown) => void) {
  const action = useApiAction({
    name: 'softStaking.switch',
    path: `${SOFT_STAKING_BASE}/switch`,
    // The caller's failure callback decides what to show.
    silent: true,
  });
  const submitter = useMoneySubmit();
  const run = async (status: boolean) => {
    try {
      const sent = await submitter.run({ status }, (idempotencyKey) =>
        action.run({ status }, { idempotencyKey }),
      );
      if (sent) onSuccess(sent.value.status);
    } catch (e) {
      onError(e);
    }
  };
  return { run, pending: submitter.pending, submitter };
}

/** Turning soft staking on: the terms checkbox (unticked on every open) and the agreement link. */
export function ActivateModal({
  opened,
  onClose,
  onSuccess,
  onError,
}: {
  opened: boolean;
  onClose: () => void;
  onSuccess: (on: boolean) => void;
  onError: (e: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const { run, pending, submitter } = useSwitch(onSuccess, onError);
  useEffect(() => {
    if (opened) setAgreed(false);
  }, [opened]);
  return (
    <DialogFrame
      size={460}
      opened={opened}
      onClose={onClose}
      title={t('softStaking.activate.title')}
      testId="soft-activate-modal"
    >
      <Stack gap="md">
        <MoneySubmitNotice submit={submitter} onRetry={() => void run(true)} />
        <Text size="sm">{t('softStaking.activate.intro')}</Text>
        <List size="sm" spacing={6}>
          <List.Item>{t('softStaking.activate.point1')}</List.Item>
          <List.Item>{t('softStaking.activate.point2')}</List.Item>
          <List.Item>{t('softStaking.activate.point3')}</List.Item>
        </List>
        <Checkbox
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          data-testid="soft-agree"
          label={
            <>
              {t('softStaking.agree.prefix')}{' '}
              <Anchor
                href={agreementPath(i18n.language)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                data-testid="soft-agreement-link"
              >
                {t('softStaking.agree.link')}
              </Anchor>
            </>
          }
        />
        <Group grow gap="sm" align="flex-start">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <DisabledReason
            reason={agreed ? null : t('softStaking.reason.agreeFirst')}
            testId="soft-activate-reason"
            block
          >
            <Button
              fullWidth
              disabled={!agreed}
              loading={pending}
              onClick={() => {
                trackClick('softStaking.activate');
                void run(true);
              }}
              data-testid="soft-activate-confirm"
            >
              {t('softStaking.activate.button')}
            </Button>
          </DisabledReason>
        </Group>
      </Stack>
    </DialogFrame>
  );
}

/** Turning soft staking off asks to stop or to continue. */
export function CloseModal({
  opened,
  onClose,
  onSuccess,
  onError,
}: {
  opened: boolean;
  onClose: () => void;
  onSuccess: (on: boolean) => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const { run, pending, submitter } = useSwitch(onSuccess, onError);
  return (
    <DialogFrame
      size={460}
      opened={opened}
      onClose={onClose}
      title={t('softStaking.close.title')}
      testId="soft-close-modal"
    >
      <Stack gap="md">
        <MoneySubmitNotice submit={submitter} onRetry={() => void run(false)} />
        <Text size="sm">{t('softStaking.close.body')}</Text>
        <Group grow gap="sm">
          <Button
            variant="default"
            color="red"
            loading={pending}
            onClick={() => {
              trackClick('softStaking.stop');
              void run(false);
            }}
            data-testid="soft-stop"
          >
            {t('softStaking.close.stop')}
          </Button>
          <Button onClick={onClose} data-testid="soft-continue">
            {t('softStaking.close.continue')}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
