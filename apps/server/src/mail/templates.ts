/**
 * Mail templates in both languages. A template is a subject and a plain-text body built from its
 * variables; every variable a template reads is named in its `vars`, so a caller that forgets one
 * fails at once instead of mailing "undefined".
 */

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a stored preference or an Accept-Language header; English when unknown. */
export function languageOf(value: string | null | undefined): Language {
  if (!value) return 'en';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

export type MailVars = Record<string, string | number>;

interface Template {
  vars: readonly string[];
  /** Whether the body holds a secret (a code): the operator's outbox list hides such bodies. */
  sensitive?: boolean;
  render: Record<Language, (v: MailVars) => { subject: string; body: string }>;
}

const FOOTER: Record<Language, string> = {
  en: '\n\n— Earn. You receive this because of your account settings; change them under Notifications.',
  'zh-CN': '\n\n— Earn。您收到此邮件是因为您的账户设置；可在“通知设置”中更改。',
};

export const MAIL_TEMPLATES = {
  /** The code that resets a funding password: vars code, minutes (how long it is valid). */
  fundpass_reset: {
    vars: ['code', 'minutes'],
    sensitive: true,
    render: {
      en: (v) => ({
        subject: 'Your funding password reset code',
        body: `Your code to reset the funding password is ${v.code}. It is valid for ${v.minutes} minutes.\nIf you did not ask for it, ignore this mail and consider changing your login password.`,
      }),
      'zh-CN': (v) => ({
        subject: '您的资金密码重置验证码',
        body: `您重置资金密码的验证码是 ${v.code}，${v.minutes} 分钟内有效。\n如果这不是您本人的操作，请忽略此邮件，并考虑修改登录密码。`,
      }),
    },
  },
  /** An inbox item also sent by mail: vars title, body (already rendered in the mail's language). */
  notification: {
    vars: ['title', 'body'],
    render: {
      en: (v) => ({ subject: String(v.title), body: `${v.body}${FOOTER.en}` }),
      'zh-CN': (v) => ({ subject: String(v.title), body: `${v.body}${FOOTER['zh-CN']}` }),
    },
  },
} satisfies Record<string, Template>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export function isSensitive(template: string): boolean {
  const t = (MAIL_TEMPLATES as Record<string, Template>)[template];
  return t?.sensitive === true;
}

export function renderMail(
  template: MailTemplate,
  language: Language,
  vars: MailVars,
): { subject: string; body: string } {
  const t: Template = MAIL_TEMPLATES[template];
  const missing = t.vars.filter((name) => vars[name] === undefined);
  if (missing.length > 0) throw new Error(`mail template ${template} needs ${missing.join(', ')}`);
  return t.render[language](vars);
}
