import { firstFieldErrors } from '../../../shared/field-errors.ts';
import { CLUB_EDIT_FIELDS } from '../../../shared/club-rules.ts';
import { clubEditResponseSchema, clubEditSchema, type Club, type ClubEdit } from '../../../shared/clubs.ts';
import { apiPut } from '../../lib/api.ts';

/**
 * The club editor's rules: the form's values (a draft of text, one training
 * line per line), what changed against the club, and the shared edit schema's
 * hints for the changed fields (numbers non-empty and 0 or more, http(s)
 * addresses, text non-empty). A leader's or an admin's edit goes to the
 * server (saveClub); a developer's stays on this device (local-edits.ts).
 * This module brings zod: it loads with the club's modal, not the list.
 */
export type DraftField = (typeof CLUB_EDIT_FIELDS)[number];
export type ClubDraft = { [K in DraftField]: K extends 'out_of_state' ? boolean : string };
export type DraftErrors = Partial<Record<DraftField, string>>;

const text = (v: string | null | undefined) => v ?? '';

export function draftOf(club: Club): ClubDraft {
  return {
    city: text(club.city),
    region: text(club.region),
    image_url: text(club.image_url),
    training: club.training.join('\n'),
    practice_end: club.practice_end,
    avg_practice_size: String(club.avg_practice_size),
    desc: text(club.desc),
    members_count: String(club.members_count),
    out_of_state: club.out_of_state,
    founded: club.founded === null ? '' : String(club.founded),
    facebook: text(club.facebook),
    instagram: text(club.instagram),
    medals_this_year: String(club.medals_this_year),
    supermatches_hosted: String(club.supermatches_hosted),
    supermatches_upcoming: String(club.supermatches_upcoming),
  };
}

/** The fields whose value differs from the club's, as the edit body takes them. */
export function changedInput(draft: ClubDraft, club: Club): Record<string, unknown> {
  const base = draftOf(club);
  const input: Record<string, unknown> = {};
  for (const f of CLUB_EDIT_FIELDS) {
    if (draft[f] === base[f]) continue;
    input[f] = f === 'training' ? draft.training.split('\n') : draft[f];
  }
  return input;
}

export type DraftCheck = { changed: false } | { changed: true; edit: ClubEdit | null; errors: DraftErrors };

/** What Save would send, or the hints beside the fields that are wrong; unchanged fields are never checked. */
export function checkDraft(draft: ClubDraft, club: Club): DraftCheck {
  const input = changedInput(draft, club);
  if (!Object.keys(input).length) return { changed: false };
  const parsed = clubEditSchema.safeParse(input);
  if (parsed.success) return { changed: true, edit: parsed.data, errors: {} };
  return { changed: true, edit: null, errors: firstFieldErrors<DraftField>(parsed.error) };
}

/** PUT /api/v1/clubs/{id} (a club's leader or an admin): the club as the server now has it. */
export async function saveClub(id: number, edit: ClubEdit): Promise<Club> {
  const body = await apiPut<unknown>(`/clubs/${id}`, edit, { auth: true });
  return clubEditResponseSchema.parse(body).club;
}
