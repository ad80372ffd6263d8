export { type EnqueueMail, enqueueMail, userLanguage } from './outbox';
export { MailSender, type MailTransport, smtpTransport } from './sender';
export { LANGUAGES, type Language, languageOf, type MailTemplate, renderMail } from './templates';
