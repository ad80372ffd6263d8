import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../../api/queries';
import { useApiAction } from '../../../../api/useApiAction';
import { SECURITY_PATHS } from '../../api/index';
import { type FieldError, fieldError } from '../../components/inline-error';

export type FundpassDialogKind = 'set' | 'change' | 'reset';

const SIX_DIGITS = /^\d{6}$/;

/**
 * The funding password dialog's fields and actions: the proof (login password, current funding
 * password or mailed code), the new password twice, the reset mail and the save.
 */
export function useFundpassFlow({
  opened,
  kind,
  email,
  onDone,
}: {
  opened: boolean;
  kind: FundpassDialogKind;
  email: string;
  onDone: () => void;
}) {
  const { i18n } = useTranslation();
  const [proof, setProof] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const client = useQueryClient();
  const save = useApiAction({
    name: `security.fundpass.${kind}`,
    path: kind === 'reset' ? SECURITY_PATHS.fundpassResetConfirm : SECURITY_PATHS.fundpass,
    silent: true,
  });
  const mail = useApiAction({
    name: 'security.fundpass.resetMail',
    path: SECURITY_PATHS.fundpassReset,
    silent: true,
  });

  useEffect(() => {
    if (!opened) return;
    setProof('');
    setNext('');
    setRepeat('');
    setError(null);
    setSentTo(null);
  }, [opened]);

  const nextInvalid = next.length > 0 && !SIX_DIGITS.test(next);
  const mismatch = repeat.length > 0 && repeat !== next;
  const proofReady = kind === 'set' ? proof.length > 0 : SIX_DIGITS.test(proof);
  // A refusal of the proof goes under the proof field, and goes once the user types a new one.
  const proofError = error?.field === 'proof' ? error.text : undefined;
  const proofChange = (value: string) => {
    setProof(value);
    if (error?.field === 'proof') setError(null);
  };
  const ready = proofReady && SIX_DIGITS.test(next) && repeat === next && (kind !== 'reset' || sentTo);

  const submit = async () => {
    setError(null);
    const body =
      kind === 'set'
        ? { fundpass: next, login_password: proof }
        : kind === 'change'
          ? { fundpass: next, old_fundpass: proof }
          : { fundpass: next, code: proof };
    try {
      await save.run(body);
      await client.invalidateQueries({ queryKey: queryKeys.me });
      onDone();
    } catch (e) {
      setError(fieldError(e));
    }
  };

  const sendCode = async () => {
    setError(null);
    try {
      // The mail is written in the app's language, not the browser's Accept-Language.
      await mail.run({ email, lang: i18n.language === 'zh-CN' ? 'zh-CN' : 'en' });
      setSentTo(email);
    } catch (e) {
      setError(fieldError(e));
    }
  };

  return {
    proof,
    proofChange,
    proofError,
    next,
    setNext,
    nextInvalid,
    repeat,
    setRepeat,
    mismatch,
    error,
    sentTo,
    ready,
    saving: save.isPending,
    mailing: mail.isPending,
    submit,
    sendCode,
  };
}
