import type { ClubSubmission, EventSubmission, Feedback, SupermatchSubmission } from '../../shared/submissions.ts';
import { parseScore } from '../../shared/submissions.ts';
import type { Units } from '../../shared/association.ts';

/**
 * Chat messages for new submissions, in Discord's webhook format: an embed
 * titled by the kind (e.g. 'Club Submission' with name, city and region),
 * fields for the optional values given, a footer with submitter and IP. Text is cut to Discord's
 * limits, and mentions are switched off so '@everyone' in a form does nothing.
 */

export interface EmbedField {
  name: string;
  value: string;
  inline: boolean;
}
export interface WebhookMessage {
  /** Who the message is posted as: the association's name (fromAssociation). */
  username?: string;
  content?: string;
  embeds: { title: string; description: string; fields: EmbedField[]; footer: { text: string }; timestamp?: string }[];
  allowed_mentions: { parse: string[] };
}

export interface SubmitterMeta {
  ip: string;
  email?: string | undefined;
  createdAt: string;
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function fields(pairs: [string, string | number | boolean | undefined, boolean?][]): EmbedField[] {
  return pairs
    .filter((p): p is [string, string | number | boolean, boolean?] => p[1] !== undefined && p[1] !== '')
    .slice(0, 25)
    .map(([name, value, inline = true]) => ({
      name,
      value: cut(typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value), 1024),
      inline,
    }));
}

/** Discord refuses an embed whose texts add up to more than 6000 characters: shorten the longest parts first. */
const EMBED_BUDGET = 5800;

function fitEmbed(title: string, description: string, f: EmbedField[], footer: string) {
  const size = () =>
    title.length + description.length + footer.length + f.reduce((n, x) => n + x.name.length + x.value.length, 0);
  for (let round = 0; round < 40 && size() > EMBED_BUDGET; round++) {
    const longest = f.reduce<EmbedField | undefined>(
      (a, x) => (!a || x.value.length > a.value.length ? x : a),
      undefined,
    );
    const over = size() - EMBED_BUDGET;
    if (longest && longest.value.length >= description.length)
      longest.value = cut(longest.value, Math.max(40, longest.value.length - over));
    else description = cut(description, Math.max(40, description.length - over));
  }
  return description;
}

function message(
  title: string,
  description: string,
  f: EmbedField[],
  footer: string,
  createdAt: string,
): WebhookMessage {
  description = fitEmbed(title, cut(description, 4000), f, cut(footer, 2000));
  return {
    embeds: [
      {
        title,
        description,
        fields: f,
        footer: { text: cut(footer, 2000) },
        timestamp: createdAt,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

const by = (submitter: string, meta: SubmitterMeta) =>
  `Submitted by ${submitter}${meta.email ? ` <${meta.email}>` : ''}`;

export function clubMessage(s: ClubSubmission, meta: SubmitterMeta): WebhookMessage {
  return message(
    'Club Submission',
    `**${s.name}**\n${s.city}, ${s.region}`,
    fields([
      ['Leaders', s.leaders],
      ['Training', s.training, false],
      ['Founded', s.founded],
      ['Out of state', s.out_of_state],
      ['Members', s.members_count],
      ['Avg practice size', s.avg_practice_size],
      ['Image URL', s.image_url, false],
      ['Website / contact', s.website, false],
      ['Description', s.desc, false],
      ['Notes', s.notes, false],
    ]),
    `${by(s.submitter, meta)} · IP ${meta.ip}`,
    meta.createdAt,
  );
}

export function eventMessage(s: EventSubmission, meta: SubmitterMeta): WebhookMessage {
  return message(
    'Event Submission',
    `**${s.name}**\n${s.date} · ${s.location}`,
    fields([
      ['Details', s.details, false],
      ['Link', s.link, false],
    ]),
    `${by(s.submitter, meta)} · IP ${meta.ip}`,
    meta.createdAt,
  );
}

export function feedbackMessage(s: Feedback, meta: SubmitterMeta): WebhookMessage {
  return message('Feedback', s.text, [], `${by(s.name, meta)} · IP ${meta.ip}`, meta.createdAt);
}

/** The supermatch notice is sanitized: no IP or e-mail, as it awaits an admin's review anyway. */
export function supermatchMessage(s: SupermatchSubmission, meta: SubmitterMeta, units: Units): WebhookMessage {
  const [winner, loser] = s.winner === 'A' ? [s.a, s.b] : [s.b, s.a];
  const [high, low] = (s.score && parseScore(s.score)) || [undefined, undefined];
  return message(
    'Supermatch Submission',
    `**${winner}** beat **${loser}**${high !== undefined ? ` ${high}-${low}` : ''} (${s.hand === 'RH' ? 'Right Hand' : 'Left Hand'})`,
    fields([
      ['Date', s.date],
      ['Best of', s.best_of],
      ['Location', s.location],
      [`Weight ${s.a}`, s.weight_a !== undefined ? `${s.weight_a} ${units}` : undefined],
      [`Weight ${s.b}`, s.weight_b !== undefined ? `${s.weight_b} ${units}` : undefined],
      ['Head ref', s.head_ref],
      ['Down ref', s.down_ref],
      ['Notes', s.notes, false],
    ]),
    `Submitted by ${s.submitter} · pending review`,
    meta.createdAt,
  );
}

/**
 * The message posted under the association's name as the profile has it when the submission is stored. Discord
 * refuses a webhook name with 'discord' or 'clyde' in it (the whole message, with a 400): such a name is left out,
 * and the message goes under the name the webhook was made with.
 */
export function fromAssociation(message: WebhookMessage, name: string): WebhookMessage {
  if (/discord|clyde/i.test(name)) return message;
  return { username: cut(name, 80), ...message };
}
