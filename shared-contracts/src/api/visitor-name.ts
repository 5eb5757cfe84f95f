import * as z from 'zod/mini';
import { IT } from '../messages/it';
import { IT_LOBBY } from '../messages/it-lobby';
import { DISPLAY_NAME_MAX_LENGTH } from './video-room';

/*
 * The name a visitor gives is shown to staff (queue, browser notifications) and in the room. One
 * rule for every way it arrives (live request, invitation, reservation link, staff's invitation):
 * the same name typed two ways is stored one way, and nothing in it can pass for markup or
 * rearrange the text around it.
 */

/**
 * Refused rather than cleaned, so that what the visitor sees is what staff see: angle brackets
 * (markup), control characters, bidirectional overrides, embeddings, isolates and marks (which can
 * make "Giulia‮gnp.exe" read as "Giuliaexe.png"), zero-width spaces and joiners that hide text
 * inside a name, and lone surrogates (not text at all). Zero-width joiners inside emoji are kept.
 */
const FORBIDDEN = /[<>\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\p{Cs}]/u;

/** NFC, every run of whitespace (tabs, newlines, no-break spaces…) as one space, trimmed. */
export function normalizeNameText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function hasForbiddenNameCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

function nameSchema(required: boolean) {
  return z.string({ error: IT.validation.nameRequired }).check(
    z.overwrite(normalizeNameText),
    ...(required ? [z.minLength(1, IT.validation.nameRequired)] : []),
    z.refine((name: string) => !hasForbiddenNameCharacters(name), { error: IT_LOBBY.visitor.nameCharacters, abort: true }),
    z.maxLength(DISPLAY_NAME_MAX_LENGTH, IT_LOBBY.visitor.nameTooLong),
  );
}

/** A name the visitor types: required, normalised, at most DISPLAY_NAME_MAX_LENGTH characters after normalising. */
export const visitorNameSchema = nameSchema(true);

/** The same rule where a name may be left out (staff's invitation): the empty string means none. */
export const optionalVisitorNameSchema = z.optional(nameSchema(false));

/**
 * A name the visitor did not type (a booking's customer name, stored elsewhere), made fit for the
 * queue instead of refused: tags and forbidden characters dropped, normalised, cut to length.
 * Empty when nothing is left.
 */
export function cleanStoredName(text: string): string {
  const withoutTags = text.normalize('NFC').replace(/<[^<>]*>/g, ' ');
  const allowed = [...withoutTags].filter((character) => !hasForbiddenNameCharacters(character) || /\s/.test(character)).join('');
  return [...normalizeNameText(allowed)].slice(0, DISPLAY_NAME_MAX_LENGTH).join('').trim();
}
