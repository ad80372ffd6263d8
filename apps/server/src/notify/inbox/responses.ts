import { z } from 'zod';
import { envelope } from '../../infra/http/envelope';
import { LANGUAGES } from '../mail';
import { NOTIFICATION_KINDS } from './kinds';

export const inboxItem = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS).describe('What happened; see the kinds listed in the description'),
  title: z.string().describe("In the reader's language"),
  body: z.string().describe("In the reader's language"),
  created_at: z.number().describe('Unix seconds'),
  read: z.boolean(),
});

export const listResponse = envelope(
  z.object({
    list: z.array(inboxItem),
    unread: z.number().describe('Unread items of every kind'),
    next_cursor: z.number().nullable().describe('Pass as cursor for the next (older) page; null at the end'),
  }),
);

export const readResponse = envelope(z.object({ unread: z.number() }));

export const prefsResponse = envelope(
  z.object({
    language: z.enum(LANGUAGES).describe('The language of mail (and of the inbox when no lang is asked for)'),
    kinds: z.array(
      z.object({ kind: z.enum(NOTIFICATION_KINDS), mail: z.boolean().describe('Also sent by mail') }),
    ),
  }),
);
