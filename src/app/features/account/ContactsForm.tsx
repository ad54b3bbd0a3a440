import { useId, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { phoneError, urlError } from './contact-rules.ts';
import {
  LINK_KINDS,
  readLocalProfile,
  saveLocalProfile,
  VISIBILITIES,
  type LinkKind,
  type LocalProfile,
  type Visibility,
} from './local-profile.ts';
import { CONTACTS_SAVED } from './name-verification-texts.ts';

/**
 * The phone and four social links, each with who may see
 * it, kept on this device only ('Save locally'). A field's error shows from
 * the first save tried with it wrong, then follows the typing; a save with an
 * error saves nothing and puts the cursor in the first wrong field. Errors do
 * not appear on leaving a field: one appearing as the pointer goes down on
 * 'Save locally' would push the button away before the click lands.
 */

const LINK_LABELS: Record<LinkKind, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X (Twitter)',
  youtube: 'YouTube',
};
const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  organizers: 'Organizers',
  private: 'Private',
};

type FieldKey = 'phone' | LinkKind;

function errorsOf(p: LocalProfile): Partial<Record<FieldKey, string>> {
  const errors: Partial<Record<FieldKey, string>> = {};
  const phone = phoneError(p.phone);
  if (phone) errors.phone = phone;
  for (const kind of LINK_KINDS) {
    const e = urlError(p.links[kind].url);
    if (e) errors[kind] = e;
  }
  return errors;
}

export function ContactsForm({ sub }: { sub: string }) {
  const toast = useToast();
  const id = useId();
  const fid = (key: string) => `${id}-${key}`;
  const [profile, setProfile] = useState(() => readLocalProfile(sub));
  const [shown, setShown] = useState<Partial<Record<FieldKey, boolean>>>({});

  const errors = errorsOf(profile);
  const errorOf = (key: FieldKey) => (shown[key] ? errors[key] : undefined);

  const setLink = (kind: LinkKind, change: Partial<LocalProfile['links'][LinkKind]>) =>
    setProfile((p) => ({ ...p, links: { ...p.links, [kind]: { ...p.links[kind], ...change } } }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const keys = Object.keys(errors) as FieldKey[];
    if (keys.length) {
      setShown((s) => ({ ...s, ...Object.fromEntries(keys.map((k) => [k, true])) }));
      document.getElementById(fid(keys[0]!))?.focus();
      return;
    }
    // The name and status fields are the name verification's: keep what it stored since this form opened.
    const stored = readLocalProfile(sub);
    const trimmed: LocalProfile = {
      ...profile,
      profile_name: stored.profile_name,
      verified: stored.verified,
      phone: profile.phone.trim(),
      links: Object.fromEntries(
        LINK_KINDS.map((k) => [k, { ...profile.links[k], url: profile.links[k].url.trim() }]),
      ) as LocalProfile['links'],
    };
    if (saveLocalProfile(sub, trimmed)) {
      setProfile(trimmed);
      toast.show(CONTACTS_SAVED, { tone: 'success' });
    } else {
      toast.show('Contacts could not be saved on this device (storage is blocked or full).', { tone: 'error' });
    }
  };

  const helpId = fid('visibility-help');

  const visibilitySelect = (key: FieldKey, label: string, value: Visibility, onValue: (v: Visibility) => void) => (
    <SelectField
      className="contact-visibility"
      id={fid(`${key}-visibility`)}
      label={`${label} visibility`}
      describedBy={helpId}
      value={value}
      onValue={onValue}
      options={VISIBILITIES.map((v) => [v, VISIBILITY_LABELS[v]] as const)}
    />
  );

  const textField = (
    key: FieldKey,
    label: string,
    value: string,
    onValue: (v: string) => void,
    input: { type: 'tel' | 'url'; autoComplete: string; placeholder: string; inputMode: 'tel' | 'url' },
  ) => (
    <TextField
      id={fid(key)}
      label={label}
      error={errorOf(key)}
      value={value}
      onValue={onValue}
      input={{ type: input.type }}
      autoComplete={input.autoComplete}
      placeholder={input.placeholder}
      inputMode={input.inputMode}
      maxLength={key === 'phone' ? 40 : 500}
    />
  );

  return (
    <form className="contacts" onSubmit={onSubmit} noValidate aria-labelledby={fid('title')}>
      <h3 id={fid('title')}>Contacts</h3>
      <div id={helpId} className="field-hint visibility-help">
        <p>Public shows on the athlete page.</p>
        <p>Organizers shares only with organizers of events you signed up for.</p>
        <p>Private hides from everyone (admins may still access).</p>
      </div>
      <div className="contact-row">
        {textField('phone', 'Phone', profile.phone, (phone) => setProfile((p) => ({ ...p, phone })), {
          type: 'tel',
          autoComplete: 'tel',
          placeholder: '(555) 123-4567',
          inputMode: 'tel',
        })}
        {visibilitySelect('phone', 'Phone', profile.phone_visibility, (phone_visibility) =>
          setProfile((p) => ({ ...p, phone_visibility })),
        )}
      </div>
      {LINK_KINDS.map((kind) => (
        <div className="contact-row" key={kind}>
          {textField(kind, LINK_LABELS[kind], profile.links[kind].url, (url) => setLink(kind, { url }), {
            type: 'url',
            autoComplete: 'url',
            placeholder: 'https://',
            inputMode: 'url',
          })}
          {visibilitySelect(kind, LINK_LABELS[kind], profile.links[kind].visibility, (visibility) =>
            setLink(kind, { visibility }),
          )}
        </div>
      ))}
      <div className="form-actions">
        <button type="submit" className="button">
          Save locally
        </button>
      </div>
    </form>
  );
}
