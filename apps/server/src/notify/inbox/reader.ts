import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../infra/http/auth';
import type { AppDeps } from '../../kernel/deps';
import { type Language, languageOf } from '../mail';
import { prefsOf } from './queries';

/** The language to render in: `lang` if asked, else the saved one, else the Accept-Language header. */
export async function readerLanguage(
  deps: AppDeps,
  req: FastifyRequest,
  asked?: Language,
): Promise<Language> {
  if (asked) return asked;
  const saved = await prefsOf(deps.db, currentUser(req).id);
  if (saved.chosen) return saved.language;
  return languageOf(req.headers['accept-language']);
}
